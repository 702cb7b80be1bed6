import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Problem } from '../../src/lib/problem.js';
import { WorkGate } from '../../src/lib/work-gate.js';

const gate = (queue: number, waitMs = 60_000) =>
  new WorkGate({ concurrency: 1, queue, waitMs, retryAfterSeconds: 4, what: 'testing' });

describe('WorkGate', () => {
  it('runs up to its concurrency at once and starts the next waiting task when one ends', async () => {
    const g = gate(1);
    const order: string[] = [];
    let finishFirst = () => {};
    const first = g.run(
      () =>
        new Promise<void>((resolve) => {
          order.push('first');
          finishFirst = resolve;
        }),
    );
    const second = g.run(async () => {
      order.push('second');
    });
    await new Promise(setImmediate);
    assert.equal(g.active, 1);
    assert.deepEqual(order, ['first']);
    finishFirst();
    await Promise.all([first, second]);
    assert.deepEqual(order, ['first', 'second']);
    assert.equal(g.active, 0);
  });

  it('refuses at once with a 503 problem and Retry-After when the line is full', async () => {
    const g = gate(0);
    let finish = () => {};
    const running = g.run(() => new Promise<void>((resolve) => (finish = resolve)));
    await assert.rejects(
      g.run(async () => 'never'),
      (error: unknown) => {
        assert.ok(error instanceof Problem);
        assert.equal(error.status, 503);
        assert.equal(error.code, 'SERVICE_UNAVAILABLE');
        assert.equal(error.headers['retry-after'], '4');
        return true;
      },
    );
    finish();
    await running;
  });

  it('refuses a task that waited too long, and frees its place in line', async () => {
    const g = gate(1, 1);
    let finish = () => {};
    const running = g.run(() => new Promise<void>((resolve) => (finish = resolve)));
    await assert.rejects(
      g.run(async () => 'late'),
      { status: 503 },
    );
    finish();
    await running;
    assert.equal(await g.run(async () => 'free again'), 'free again');
  });

  it('frees the slot when a task fails', async () => {
    const g = gate(0);
    await assert.rejects(
      g.run(() => Promise.reject(new Error('boom'))),
      /boom/,
    );
    assert.equal(await g.run(async () => 'next'), 'next');
  });
});
