import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
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
  });
}

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
