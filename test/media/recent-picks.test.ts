import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { sample } from '../../src/media/pick.js';
import { MemoryRecentPicks, type RecentPicks, RedisRecentPicks } from '../../src/media/recent-picks.js';

function behavesLikeARing(name: string, make: () => Promise<RecentPicks>) {
  describe(name, () => {
    it('keeps the latest picks newest first, per pool and client, at most 16', async () => {
      const ring = await make();
      await ring.remember('neko', '203.0.113.7', [1, 2]);
      await ring.remember('neko', '203.0.113.7', [3]);
      assert.deepEqual(await ring.recent('neko', '203.0.113.7'), [3, 2, 1]);
      assert.deepEqual(await ring.recent('neko', '198.51.100.1'), []);
      assert.deepEqual(await ring.recent('hug', '203.0.113.7'), []);
      await ring.remember(
        'neko',
        '203.0.113.7',
        Array.from({ length: 20 }, (_, i) => 100 + i),
      );
      const recent = await ring.recent('neko', '203.0.113.7');
      assert.equal(recent.length, 16);
      assert.equal(recent[0], 119);
    });

    it('reserve: chooses candidates outside the last k picks and records them', async () => {
      const ring = await make();
      await ring.remember('pat', 'c', [1, 2, 3]);
      // Newest first: 3, 2, 1. With k = 2, 3 and 2 are avoided; 1 is old enough again.
      assert.deepEqual(await ring.reserve('pat', 'c', 2, [3, 2, 1, 4], 1), [1]);
      assert.deepEqual((await ring.recent('pat', 'c')).slice(0, 2), [1, 3]);
      // Too few others: the oldest of the recent ones fill up.
      assert.deepEqual(await ring.reserve('pat', 'c', 2, [1, 3], 2), [3, 1]);
      assert.deepEqual(await ring.reserve('pat', 'other', 0, [7], 1), [7]);
      assert.deepEqual(await ring.recent('pat', 'other'), [7]);
    });

    it('reserve: parallel picks of one client each see the others (no repeat within k + 1)', async () => {
      const ring = await make();
      const candidatesFor = () => sample(ids32, 1 + 16);
      for (let round = 0; round < 3; round++) {
        const picks = await Promise.all(
          Array.from({ length: 17 }, () => ring.reserve('nom', 'parallel', 16, candidatesFor(), 1)),
        );
        const flat = picks.flat();
        assert.equal(flat.length, 17);
        assert.equal(new Set(flat).size, 17, `round ${round}: ${flat.join(',')}`);
      }
    });
  });
}

const ids32 = Array.from({ length: 32 }, (_, i) => i + 1);

behavesLikeARing('MemoryRecentPicks', async () => new MemoryRecentPicks());

describe('MemoryRecentPicks bounds', () => {
  it('forgets the least recently used client first', async () => {
    const ring = new MemoryRecentPicks(2);
    await ring.remember('neko', 'a', [1]);
    await ring.remember('neko', 'b', [2]);
    await ring.remember('neko', 'c', [3]);
    assert.deepEqual(await ring.recent('neko', 'a'), []);
    assert.deepEqual(await ring.recent('neko', 'c'), [3]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  const redis = new Redis(redisUrl);
  const prefix = `kizuna-test:${process.pid}:ring:`;
  after(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  behavesLikeARing('RedisRecentPicks', async () => new RedisRecentPicks(redis, prefix));
}
