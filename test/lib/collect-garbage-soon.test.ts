import assert from 'node:assert/strict';
import { afterEach, describe, it, mock } from 'node:test';
import { collectGarbageSoon } from '../../src/lib/collect-garbage-soon.js';

describe('collectGarbageSoon', () => {
  const global = globalThis as { gc?: () => void };
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
});
