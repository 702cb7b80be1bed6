import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { berlinDate } from '../../../src/lib/berlin-clock.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { gif, insertFakeItems, png, storeOf } from '../../media/fixtures.js';

describe('/api/v1/anime images', () => {
  let app: FastifyInstance;

  before(async () => {
    app = await buildTestApp({ rateLimitPerMinute: 100_000 });
    const store = storeOf(app);
    for (const i of [1, 2, 3, 4, 5]) await store.addBuffer('waifu', await png(i));
    await store.addBuffer('neko', await png(20));
    await store.addBuffer('pat', await gif(21), { animeName: 'Pat Show' });
  });

  it('/anime/categories lists every category with format and count', async () => {
    const { categories } = (await app.inject({ url: '/api/v1/anime/categories' })).json();
    assert.equal(categories.length, 63);
    assert.deepEqual(
      categories.find((c: { name: string }) => c.name === 'waifu'),
      { name: 'waifu', format: 'image', count: 5 },
    );
  });

  it('/anime/:category and /anime/neko give one item with its category and format', async () => {
    const pat = (await app.inject({ url: '/api/v1/anime/pat' })).json();
    assert.equal(pat.category, 'pat');
    assert.equal(pat.format, 'gif');
    assert.equal(pat.anime_name, 'Pat Show');
    const neko = (await app.inject({ url: '/api/v1/anime/neko' })).json();
    assert.equal(neko.category, 'neko');
    assert.equal(neko.format, 'image');
  });

  it('unknown and empty categories → 404', async () => {
    const unknown = await app.inject({ url: '/api/v1/anime/not-a-category' });
    assert.equal(unknown.statusCode, 404);
    assert.match(unknown.json().detail, /\/api\/v1\/endpoints/);
    assert.equal((await app.inject({ url: '/api/v1/anime/hug' })).statusCode, 404);
  });

  it('/anime/random picks across the categories that have items', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++)
      seen.add((await app.inject({ url: '/api/v1/anime/random' })).json().category);
    for (const name of seen) assert.ok(['waifu', 'neko', 'pat'].includes(name));
    assert.ok(seen.size >= 2);
  });

  it('/anime/vault serves items of our own store and says what it holds', async () => {
    const res = await app.inject({ url: '/api/v1/anime/vault?amount=3' });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.total, 7);
    assert.equal(body.categories, 3);
    assert.ok(body.results.length >= 1 && body.results.length <= 3);
    assert.match(body.results[0].url, /^http:\/\/[^/]+\/api\/v1\/files\/[0-9a-f]{64}\.(png|gif)$/);
    assert.equal(new Set(body.results.map((r: { url: string }) => r.url)).size, body.results.length);
  });

  it('/anime/waifu-of-the-day is the same item for everyone on the same Berlin date', async () => {
    const a = (
      await app.inject({ url: '/api/v1/anime/waifu-of-the-day', remoteAddress: '198.51.100.1' })
    ).json();
    const b = (
      await app.inject({ url: '/api/v1/anime/waifu-of-the-day', remoteAddress: '203.0.113.9' })
    ).json();
    assert.equal(a.date, berlinDate());
    assert.equal(a.url, b.url);
    assert.equal(a.category, 'waifu');
  });
});

describe('/anime/vault with a file in two categories', () => {
  it('sends each file once, however many categories hold it', async () => {
    const app = await buildTestApp({ rateLimitPerMinute: 100_000 });
    const store = storeOf(app);
    const bytes = await png(60);
    await store.addBuffer('neko', bytes);
    await store.addBuffer('waifu', bytes);
    for (let i = 0; i < 5; i++) {
      const body = (await app.inject({ url: '/api/v1/anime/vault?amount=5' })).json();
      assert.equal(body.total, 2);
      assert.equal(body.categories, 2);
      assert.equal(body.results.length, 1, JSON.stringify(body.results));
    }
  });
});

describe('/anime/waifu-of-the-day and items added today', () => {
  it('chooses among the items that existed when the Berlin day began', async () => {
    const app = await buildTestApp({ rateLimitPerMinute: 100_000 });
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const [old] = await insertFakeItems(app.db, 'waifu', 1, { mime: 'image/png', created_at: yesterday });
    // Added today: they wait for tomorrow. A choice among all 61 would hit the old one 1 time in 61.
    await insertFakeItems(app.db, 'waifu', 60, { mime: 'image/png' });
    for (const remoteAddress of ['198.51.100.1', '203.0.113.9']) {
      const res = await app.inject({ url: '/api/v1/anime/waifu-of-the-day', remoteAddress });
      assert.equal(res.statusCode, 200);
      assert.match(res.json().url, new RegExp(`/api/v1/files/${old}\\.png$`));
    }
  });

  it('a pool that was empty when the day began uses what it has', async () => {
    const app = await buildTestApp({ rateLimitPerMinute: 100_000 });
    const today = await insertFakeItems(app.db, 'waifu', 3, { mime: 'image/png' });
    const res = await app.inject({ url: '/api/v1/anime/waifu-of-the-day' });
    assert.equal(res.statusCode, 200);
    assert.ok(today.some((sha256) => res.json().url.endsWith(`${sha256}.png`)));
  });
});
