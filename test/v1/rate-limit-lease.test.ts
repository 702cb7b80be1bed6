import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import {
  type CountCallback,
  type Counted,
  defaultLease,
  LeasingCounter,
} from '../../src/v1/rate-limit-lease.js';
import { localStore, sharedOrLocalStore } from '../../src/v1/rate-limit-store.js';

/** One count, as the rate-limit hook asks for it. */
function count(counter: Pick<LeasingCounter, 'incr'>, key: string, max: number, windowMs = 60_000) {
  return new Promise<Counted & { fromLease: boolean }>((resolve, reject) =>
    counter.incr(
      key,
      (error, result, fromLease) => (error ? reject(error) : resolve({ ...result!, fromLease: !!fromLease })),
      windowMs,
      max,
    ),
  );
}

describe('the default lease', () => {
  it('is 2 % of the limit, and 1 (exact counting) below 100 a minute', () => {
    assert.equal(defaultLease(1), 1);
    assert.equal(defaultLease(99), 1);
    assert.equal(defaultLease(120), 2);
    assert.equal(defaultLease(6000), 120);
  });
});

describe('LeasingCounter when Redis fails', () => {
  it('hands the error to the request that asked and to every one waiting for the same reservation', async () => {
    let asked = 0;
    const failing = {
      kizunaReserve: (
        _key: string,
        _windowMs: number,
        _units: number,
        callback: (error: Error | null) => void,
      ) => {
        asked++;
        setImmediate(() => callback(new Error('Connection is closed.')));
      },
    } as unknown as Redis;
    const counter = new LeasingCounter(failing, 'test:', 8);
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => count(counter, 'client', 100)));
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['rejected', 'rejected', 'rejected'],
    );
    assert.equal(asked, 1, 'one reservation was tried for all three');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe('LeasingCounter: the shared budget counted with leases', {
  skip: !redisUrl && 'needs TEST_REDIS_URL',
}, () => {
  const redis = redisUrl ? new Redis(redisUrl) : (undefined as unknown as Redis);
  const prefix = `kizuna-test:${process.pid}:${randomUUID()}:ratelimit:`;
  /** Counts the round trips to Redis a counter makes. */
  const roundTrips = { count: 0 };
  after(async () => {
    if (!redisUrl) return;
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  if (redisUrl) {
    // The first counter defines the script's command; every later call of it is counted.
    new LeasingCounter(redis, prefix, 1);
    const reserve = redis.kizunaReserve.bind(redis);
    redis.kizunaReserve = ((...args: Parameters<typeof reserve>) => {
      roundTrips.count++;
      return reserve(...args);
    }) as typeof reserve;
  }
  const counter = (maxLease: number) => new LeasingCounter(redis, prefix, maxLease);
  const stored = async (key: string) => Number(await redis.get(`${prefix}${key}`));

  it('with a lease of 1, asks Redis on every request and counts exactly across instances', async () => {
    const a = counter(1);
    const b = counter(1);
    const key = randomUUID();
    const before = roundTrips.count;
    const currents: number[] = [];
    for (const instance of [a, b, a, b, a]) currents.push((await count(instance, key, 4)).current);
    assert.deepEqual(currents, [1, 2, 3, 4, 5]);
    assert.equal(roundTrips.count - before, 5);
    assert.equal(await stored(key), 5);
  });

  it('lets a busy client through exactly up to its limit with fewer round trips, then refuses it from memory', async () => {
    const a = counter(8);
    const key = randomUUID();
    const before = roundTrips.count;
    const currents: number[] = [];
    for (let i = 0; i < 40; i++) currents.push((await count(a, key, 40)).current);
    assert.deepEqual(
      currents,
      Array.from({ length: 40 }, (_, i) => i + 1),
      'one instance hands out every count in order',
    );
    // Leases of 1, 2, 4, then 8 at most: 1+2+4+8+8+8+8 = 39, and one more for the 40th.
    assert.equal(roundTrips.count - before, 8);
    assert.equal(await stored(key), 40, 'never reserved past the limit');
    const asked = roundTrips.count;
    for (let i = 0; i < 5; i++) {
      const refused = await count(a, key, 40);
      assert.ok(refused.current > 40);
      assert.ok(refused.ttl > 0 && refused.ttl <= 60_000);
    }
    assert.equal(roundTrips.count, asked, 'past the limit, Redis is not asked again this window');
  });

  it('never lets more than the limit through across instances, and refuses early by at most the unused leases', async () => {
    const max = 60;
    const lease = 5;
    const instances = [counter(lease), counter(lease), counter(lease)];
    const key = randomUUID();
    const allowed: number[] = [];
    for (let i = 0; i < 120; i++) {
      const result = await count(instances[i % 3], key, max);
      if (result.current <= max) allowed.push(result.current);
    }
    assert.equal(new Set(allowed).size, allowed.length, 'no count is handed out twice');
    assert.ok(allowed.length <= max, `${allowed.length} let through`);
    assert.ok(allowed.length >= max - instances.length * (lease - 1), `only ${allowed.length} let through`);
  });

  it('serves a burst of simultaneous requests from one reservation at a time, each count once', async () => {
    const a = counter(8);
    const key = randomUUID();
    const before = roundTrips.count;
    const results = await Promise.all(Array.from({ length: 50 }, () => count(a, key, 1000)));
    const currents = results.map((r) => r.current).sort((x, y) => x - y);
    assert.deepEqual(
      currents,
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    // Leases of 1, 2, 4, then 8: 1+2+4+8×6 = 55 counts in 9 round trips, not 50.
    assert.equal(roundTrips.count - before, 9);
    assert.ok((await stored(key)) - 50 < 8, 'at most one lease left unused');
  });

  it('starts over when the window ends, with a lease of 1 again', async () => {
    const a = counter(8);
    const key = randomUUID();
    for (let i = 0; i < 7; i++) await count(a, key, 100, 300);
    await sleep(400);
    const before = roundTrips.count;
    const first = await count(a, key, 100, 300);
    assert.equal(first.current, 1);
    assert.equal(first.fromLease, false);
    assert.equal(roundTrips.count - before, 1);
    assert.equal(await stored(key), 1, 'the new window reserved one count');
  });

  it('shares its counting with the keys of the rate-limit plugin (INCR) during a rolling upgrade', async () => {
    const key = randomUUID();
    await redis.incr(`${prefix}${key}`);
    await redis.pexpire(`${prefix}${key}`, 60_000);
    const result = await count(counter(1), key, 10);
    assert.equal(result.current, 2);
    assert.ok(result.ttl > 0 && result.ttl <= 60_000);
  });
});

describe('sharedOrLocalStore with leases', () => {
  it('counts from a lease without saying Redis is back, and falls back to its own count on an error', async () => {
    const scopes: boolean[] = [];
    const answers: Array<{ error?: Error; result?: Counted; fromLease?: boolean }> = [
      { result: { current: 1, ttl: 1000 } },
      { result: { current: 2, ttl: 900 }, fromLease: true },
      { error: new Error('Redis is down') },
      { result: { current: 3, ttl: 800 }, fromLease: true },
    ];
    const shared = {
      incr(_key: string, callback: CountCallback) {
        const next = answers.shift()!;
        callback(next.error ?? null, next.result, next.fromLease);
      },
    };
    // The store's second argument (its two counters) is how its children are made; here, our fakes.
    const Store = sharedOrLocalStore(
      undefined as unknown as Redis,
      'unused:',
      (local) => scopes.push(local),
      2,
    ) as unknown as new (
      options: object,
      stores: object,
    ) => FastifyRateLimitStore;
    const store = new Store(
      { continueExceeding: false, exponentialBackoff: false },
      { shared, local: localStore() },
    );
    const currents: number[] = [];
    for (let i = 0; i < 4; i++)
      currents.push(
        await new Promise<number>((resolve, reject) =>
          store.incr(
            'client',
            (error, result) => (error ? reject(error) : resolve(result!.current)),
            60_000,
            10,
          ),
        ),
      );
    assert.deepEqual(currents, [1, 2, 1, 3], 'the third request was counted by the instance itself');
    assert.deepEqual(scopes, [false, true], 'Redis answered, then failed; the leases said nothing');
  });
});
