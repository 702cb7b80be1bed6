import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, it, mock, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import sweeps from '../../src/plugins/sweeps.js';

/** A bare app with the sweeps plugin and a log that the test can read. */
async function appWithSweeps(): Promise<{ app: FastifyInstance; warnings: string[] }> {
  const warnings: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      warnings.push(JSON.parse(String(chunk)).msg);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  await app.register(sweeps);
  return { app, warnings };
}

describe('sweeps', () => {
  // The clock is the test's: intervals fire when it ticks, not when time passes.
  beforeEach(() => mock.timers.enable({ apis: ['setInterval'] }));
  afterEach(() => {
    mock.timers.reset();
    mock.restoreAll();
  });

  /** Lets the sweeps that a tick started settle (their promises and their log lines). */
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('start when the app is ready, run at their interval, and stop when it closes', async () => {
    const { app } = await appWithSweeps();
    let runs = 0;
    app.sweeps.every('count', 1000, () => {
      runs += 1;
    });
    mock.timers.tick(5000);
    await settle();
    assert.equal(runs, 0, 'nothing runs before the app is ready');

    await app.ready();
    mock.timers.tick(1000);
    await settle();
    mock.timers.tick(1000);
    await settle();
    assert.equal(runs, 2);

    await app.close();
    mock.timers.tick(10_000);
    await settle();
    assert.equal(runs, 2, 'nothing runs after the app has closed');
  });

  it('start at once when added to an app that is already running, and not at all after close', async () => {
    const { app } = await appWithSweeps();
    await app.ready();
    let late = 0;
    app.sweeps.every('late', 1000, () => {
      late += 1;
    });
    mock.timers.tick(1000);
    await settle();
    assert.equal(late, 1);

    await app.close();
    let afterClose = 0;
    app.sweeps.every('after close', 1000, () => {
      afterClose += 1;
    });
    mock.timers.tick(5000);
    await settle();
    assert.equal(late, 1);
    assert.equal(afterClose, 0);
  });

  it('log a failing sweep by name and keep running it, whether it throws or rejects', async () => {
    const { app, warnings } = await appWithSweeps();
    let attempts = 0;
    app.sweeps.every('throwing', 1000, () => {
      attempts += 1;
      throw new Error('boom');
    });
    app.sweeps.every('rejecting', 1000, async () => {
      throw new Error('database gone');
    });
    await app.ready();
    mock.timers.tick(1000);
    await settle();
    mock.timers.tick(1000);
    await settle();
    assert.equal(attempts, 2);
    assert.deepEqual(warnings.sort(), [
      'rejecting sweep failed',
      'rejecting sweep failed',
      'throwing sweep failed',
      'throwing sweep failed',
    ]);
    await app.close();
  });
});

test('sweeps never keep the process alive', async () => {
  const { app } = await appWithSweeps();
  const created: Array<{ hasRef(): boolean }> = [];
  const real = globalThis.setInterval;
  const spy = mock.method(globalThis, 'setInterval', (...args: Parameters<typeof setInterval>) => {
    const timer = real(...args);
    created.push(timer);
    return timer;
  });
  app.sweeps.every('quiet', 1000, () => {});
  await app.ready();
  assert.equal(created.length, 1);
  assert.equal(created[0].hasRef(), false);
  await app.close();
  spy.mock.restore();
});
