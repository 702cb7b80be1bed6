import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, it, mock } from 'node:test';
import { collectGarbageSoon, LAST_RESORT_COLLECTION } from '../../src/lib/collect-garbage-soon.js';

describe('collectGarbageSoon', () => {
  const global = globalThis as { gc?: (options?: object) => void };
  const exposed = global.gc;
  afterEach(() => {
    global.gc = exposed;
    mock.timers.reset();
  });

  it('runs one full collection after the delay, however often it is asked for meanwhile', () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    const gc = mock.fn();
    global.gc = gc;
    collectGarbageSoon(5000);
    collectGarbageSoon(5000);
    mock.timers.tick(4999);
    assert.equal(gc.mock.callCount(), 0);
    mock.timers.tick(1);
    assert.equal(gc.mock.callCount(), 1);
    assert.deepEqual(gc.mock.calls[0].arguments, [
      { type: 'major', execution: 'sync', flavor: 'last-resort' },
    ]);
    collectGarbageSoon(5000);
    mock.timers.tick(5000);
    assert.equal(gc.mock.callCount(), 2, 'and again when asked after it ran');
  });

  it('does nothing where gc is not exposed, and arms nothing that would hold back a later call', () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    global.gc = undefined;
    collectGarbageSoon(10);
    mock.timers.tick(10);
    const gc = mock.fn();
    global.gc = gc;
    collectGarbageSoon(10);
    mock.timers.tick(10);
    assert.equal(gc.mock.callCount(), 1);
  });

  it('asks V8 for a collection that also shrinks the young generation back after start-up', () => {
    // Real V8 in a process of `npm start`'s young-generation size with gc exposed. V8 ignores option
    // names and values it does not know, so only the young generation's size, measured before and
    // after, shows that the collection asked for is the shrinking kind.
    const script = `
      const { getHeapSpaceStatistics } = require('node:v8');
      const young = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
      const held = [];
      for (let i = 0; i < 2000000; i++) { held.push({ i }); if (held.length > 50000) held.length = 0; }
      const grown = young();
      gc(${JSON.stringify(LAST_RESORT_COLLECTION)});
      console.log(JSON.stringify({ grown, after: young() }));`;
    const run = spawnSync(process.execPath, ['--expose-gc', '--max-semi-space-size=8', '-e', script], {
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    const { grown, after } = JSON.parse(run.stdout) as { grown: number; after: number };
    assert.ok(grown >= 8 * 1024 * 1024, `the young generation grew to ${grown} bytes`);
    assert.ok(after <= grown / 4, `and is ${after} bytes after the collection`);
  });
});
