import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { MediaPicker } from '../../src/media/media-picker.js';
import type { MediaItem } from '../../src/media/media-repository.js';
import { MemoryRecentPicks, type RecentPicks, RedisRecentPicks } from '../../src/media/recent-picks.js';

/**
 * A pool of n items, as MediaStore.poolItems gives it (asynchronously, like the database); with
 * `cached`, also at once, as poolItemsNow does once they are read.
 */
function poolOf(n: number, { cached = false } = {}) {
  const items = Array.from(
    { length: n },
    (_, i) => ({ id: i + 1, pool: 'sleep', sha256: String(i + 1).padStart(64, '0') }) as MediaItem,
  );
  return {
    poolItems: async () => items,
    poolItemsNow: () => (cached ? items : undefined),
    cachedCounts: async () => new Map([['sleep', n]]),
  };
}

function picksInParallel(name: string, make: () => RecentPicks) {
  describe(`MediaPicker on ${name}`, () => {
    it('parallel picks of one client keep the ring: k + 1 at once are all distinct', async () => {
      // 32 items: a ring of 16, so any 17 picks in a row must differ. Read-then-write rings let
      // parallel requests all read the same (empty) ring and repeat each other.
      const picker = new MediaPicker(poolOf(32), make());
      for (let round = 0; round < 3; round++) {
        const picks = await Promise.all(
          Array.from({ length: 17 }, () => picker.pick('sleep', '203.0.113.9')),
        );
        const ids = picks.map(([item]) => item.id);
        assert.equal(new Set(ids).size, 17, `round ${round}: ${ids.join(',')}`);
      }
    });

    it('several items at once are distinct and recorded; the last one is the client’s last pick', async () => {
      const picker = new MediaPicker(poolOf(10), make());
      const five = await picker.pick('sleep', '198.51.100.9', 5);
      assert.equal(new Set(five.map((i) => i.id)).size, 5);
      assert.equal((await picker.lastPick('sleep', '198.51.100.9'))?.id, five[4].id);
      assert.equal(await picker.lastPick('sleep', 'someone else'), undefined);
      // 5 of 10 recent: the next 5 are the other five.
      const next = await picker.pick('sleep', '198.51.100.9', 5);
      assert.deepEqual(
        [...five, ...next].map((i) => i.id).sort((a, b) => a - b),
        Array.from({ length: 10 }, (_, i) => i + 1),
      );
    });

    it('a ring that fails costs variety, not the pick', async () => {
      const broken = make();
      broken.reserve = async () => {
        throw new Error('ring down');
      };
      const warnings: string[] = [];
      const picker = new MediaPicker(poolOf(4), broken, { warn: (_, message) => warnings.push(message) });
      assert.equal((await picker.pick('sleep', 'x', 2)).length, 2);
      assert.deepEqual(warnings, ['anti-duplicate ring unavailable']);
    });
  });
}

picksInParallel('the memory ring', () => new MemoryRecentPicks());

describe('MediaPicker at once (pickNow, pickAndThen)', () => {
  it('picks without a promise from cached items and the memory ring, and keeps the ring', () => {
    const picker = new MediaPicker(poolOf(32, { cached: true }), new MemoryRecentPicks());
    const ids: number[] = [];
    for (let i = 0; i < 17; i++) {
      const picked = picker.pickNow('sleep', '203.0.113.9');
      assert.ok(Array.isArray(picked));
      ids.push(picked[0].id);
    }
    assert.equal(new Set(ids).size, 17, 'a ring of 16: 17 in a row differ');
  });

  it('shares the ring with pick(): the last pick is the one made at once', async () => {
    const picker = new MediaPicker(poolOf(10, { cached: true }), new MemoryRecentPicks());
    const three = picker.pickNow('sleep', '198.51.100.7', 3);
    assert.equal(new Set(three?.map((item) => item.id)).size, 3);
    assert.equal((await picker.lastPick('sleep', '198.51.100.7'))?.id, three?.[2].id);
    const rest = await picker.pick('sleep', '198.51.100.7', 7);
    assert.deepEqual(
      [...(three ?? []), ...rest].map((item) => item.id).sort((a, b) => a - b),
      Array.from({ length: 10 }, (_, i) => i + 1),
    );
  });

  it('gives nothing at once while the items are not cached or the ring is shared', () => {
    assert.equal(new MediaPicker(poolOf(10), new MemoryRecentPicks()).pickNow('sleep', 'x'), undefined);
    const shared: RecentPicks = {
      recent: async () => [],
      remember: async () => undefined,
      reserve: async (_pool, _client, _k, candidates, amount) => candidates.slice(0, amount),
    };
    assert.equal(new MediaPicker(poolOf(10, { cached: true }), shared).pickNow('sleep', 'x'), undefined);
  });

  it('an empty pool gives an empty pick at once', () => {
    assert.deepEqual(
      new MediaPicker(poolOf(0, { cached: true }), new MemoryRecentPicks()).pickNow('sleep', 'x'),
      [],
    );
  });

  it('pickAndThen answers at once when it can, and through pick() otherwise', async () => {
    const count = (items: MediaItem[]) => items.length;
    const atOnce = new MediaPicker(poolOf(10, { cached: true }), new MemoryRecentPicks());
    assert.equal(atOnce.pickAndThen('sleep', 'x', 2, count), 2);
    const later = new MediaPicker(poolOf(10), new MemoryRecentPicks()).pickAndThen('sleep', 'x', 2, count);
    assert.ok(later instanceof Promise);
    assert.equal(await later, 2);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  const redis = new Redis(redisUrl);
  const prefix = `kizuna-test:${process.pid}:picker:`;
  let n = 0;
  after(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  picksInParallel('the Redis ring', () => new RedisRecentPicks(redis, `${prefix}${n++}:`));
}
