import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { LimiterBusyError, RateLimiter } from '../../../../src/v1/anime/jikan/rate-limiter.js';

const JIKAN = [
  { limit: 3, ms: 1000 },
  { limit: 60, ms: 60_000 },
];

/** True when no `limit + 1` consecutive starts fit inside one window. */
function respects(starts: number[], limit: number, ms: number): boolean {
  for (let i = limit; i < starts.length; i++) if (starts[i] - starts[i - limit] < ms) return false;
  return true;
}

describe('RateLimiter', () => {
  it('lets three requests start at once and puts the fourth a second after the first', () => {
    const limiter = new RateLimiter({ windows: JIKAN, maxWaitMs: Number.POSITIVE_INFINITY });
    assert.deepEqual(
      [0, 0, 0, 0, 0].map(() => limiter.reserve(0)),
      [0, 0, 0, 1000, 1000],
    );
  });

  it('never grants more than 3 starts in any second nor 60 in any minute, whenever requests arrive', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 200 }), (gaps) => {
        const limiter = new RateLimiter({ windows: JIKAN, maxWaitMs: Number.POSITIVE_INFINITY });
        let now = 0;
        const starts: number[] = [];
        for (const gap of gaps) {
          now += gap;
          const slot = limiter.reserve(now);
          assert.ok(slot !== null && slot >= now);
          starts.push(slot);
        }
        return respects(starts, 3, 1000) && respects(starts, 60, 60_000);
      }),
    );
  });

  it('holds 60 per minute under a steady burst', () => {
    const limiter = new RateLimiter({ windows: JIKAN, maxWaitMs: Number.POSITIVE_INFINITY });
    const starts = Array.from({ length: 121 }, () => limiter.reserve(0) as number);
    assert.equal(starts[59], 19_000);
    assert.equal(starts[60], 60_000, 'the 61st start waits for the minute to pass');
    assert.equal(starts[120], 120_000);
  });

  it('refuses instead of queueing past maxWaitMs, and books nothing for the refused caller', async () => {
    let clock = 0;
    const slept: number[] = [];
    const limiter = new RateLimiter({
      windows: JIKAN,
      maxWaitMs: 1500,
      now: () => clock,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    for (let i = 0; i < 6; i++) await limiter.acquire();
    assert.deepEqual(slept, [1000, 1000, 1000]);
    await assert.rejects(limiter.acquire(), (error: unknown) => {
      assert.ok(error instanceof LimiterBusyError);
      assert.equal(error.retryAfterMs, 2000);
      return true;
    });
    clock = 2000;
    assert.equal(await limiter.acquire(), 2000);
  });

  it('a pause holds every slot back until it is over, and a caller may ask to wait less', async () => {
    let clock = 0;
    const limiter = new RateLimiter({
      windows: JIKAN,
      maxWaitMs: 60_000,
      now: () => clock,
      sleep: async () => {},
    });
    limiter.pause(30_000);
    assert.equal(limiter.pausedFor(), 30_000);
    assert.equal(limiter.nextSlot(0), 30_000);
    await assert.rejects(limiter.acquire(5000), (error: unknown) => {
      assert.ok(error instanceof LimiterBusyError);
      assert.equal(error.retryAfterMs, 30_000);
      return true;
    });
    limiter.pause(1000);
    assert.equal(limiter.pausedFor(), 30_000, 'a shorter pause does not cut a longer one');
    clock = 10_000;
    assert.equal(await limiter.acquire(), 30_000, 'a patient caller waits for the end of the pause');
    clock = 30_000;
    assert.equal(limiter.pausedFor(), 0);
    assert.equal(await limiter.acquire(0), 30_000);
  });
});
