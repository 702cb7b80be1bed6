import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { GIF_CATEGORIES, IMAGE_CATEGORIES } from '../../../src/media/categories.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { gif, insertFakeItems, png, storeOf } from '../../media/fixtures.js';

describe('nekos.best v2 convention', () => {
  let app: FastifyInstance;

  before(async () => {
    app = await buildTestApp();
    const store = storeOf(app);
    for (const i of [1, 2, 3]) {
      await store.addBuffer('neko', await png(i), {
        artistName: i === 1 ? 'Mochi Artist' : 'Someone',
        artistHref: 'https://example.org/artist',
        sourceUrl: `https://example.org/art/${i}`,
      });
    }
    await store.addBuffer('waifu', await png(10), {});
    for (const i of [1, 2])
      await store.addBuffer('hug', await gif(i), { animeName: i === 1 ? 'Spring Days' : 'Other Show' });
  });

  it('has every nekos.best category: 4 image and 59 GIF categories', () => {
    assert.deepEqual([...IMAGE_CATEGORIES], ['husbando', 'kitsune', 'neko', 'waifu']);
    assert.equal(GIF_CATEGORIES.length, 59);
    for (const name of ['hug', 'pat', 'kiss', 'slap', 'wave', 'yeet', 'sleep'])
      assert.ok((GIF_CATEGORIES as readonly string[]).includes(name));
  });

  it('GET /:category → {results} with image fields', async () => {
    const res = await app.inject({ url: '/api/v1/neko' });
    assert.equal(res.statusCode, 200);
    const { results } = res.json();
    assert.equal(results.length, 1);
    assert.deepEqual(Object.keys(results[0]).sort(), [
      'artist_href',
      'artist_name',
      'dimensions',
      'source_url',
      'url',
    ]);
    assert.deepEqual(results[0].dimensions, { width: 24, height: 16 });
    assert.match(results[0].url, /^http:\/\/.+\/api\/v1\/files\/[0-9a-f]{64}\.png$/);
  });

  it('GIF categories carry anime_name instead of credits', async () => {
    const { results } = (await app.inject({ url: '/api/v1/hug' })).json();
    assert.deepEqual(Object.keys(results[0]).sort(), ['anime_name', 'dimensions', 'url']);
    assert.ok(['Spring Days', 'Other Show'].includes(results[0].anime_name));
  });

  it('leaves out credits it does not know instead of sending empty strings', async () => {
    const { results } = (await app.inject({ url: '/api/v1/waifu' })).json();
    assert.deepEqual(Object.keys(results[0]).sort(), ['dimensions', 'url']);
    for (const url of [
      '/api/v1/neko?amount=3',
      '/api/v1/hug?amount=2',
      '/api/v1/anime/waifu',
      '/api/v1/random/anime',
    ]) {
      for (const result of (await app.inject({ url })).json().results ?? []) {
        for (const [field, value] of Object.entries(result)) assert.notEqual(value, '', `${url} ${field}`);
      }
    }
  });

  it('amount returns that many distinct items, or every item once when fewer exist', async () => {
    const two = (await app.inject({ url: '/api/v1/neko?amount=2' })).json().results;
    assert.equal(two.length, 2);
    assert.notEqual(two[0].url, two[1].url);
    const all = (await app.inject({ url: '/api/v1/neko?amount=20' })).json().results;
    assert.equal(all.length, 3);
    assert.equal(new Set(all.map((r: { url: string }) => r.url)).size, 3);
  });

  it('amount outside 1..20 → 400 naming amount', async () => {
    for (const amount of ['0', '21', 'x', '1.5']) {
      const res = await app.inject({ url: `/api/v1/neko?amount=${amount}` });
      assert.equal(res.statusCode, 400, amount);
      assert.equal(res.json().errors[0].field, 'amount');
    }
  });

  it('an unknown category → 404 pointing at /api/v1/endpoints', async () => {
    const res = await app.inject({ url: '/api/v1/nekomimi' });
    assert.equal(res.statusCode, 404);
    assert.match(res.json().detail, /\/api\/v1\/endpoints/);
    assert.match(res.json().endpoints, /^http:\/\/.+\/api\/v1\/endpoints$/);
  });

  it('a known category without items → 404 saying so', async () => {
    const res = await app.inject({ url: '/api/v1/husbando' });
    assert.equal(res.statusCode, 404);
    assert.match(res.json().detail, /no items/);
  });

  it('static routes win over the catch-all', async () => {
    assert.equal((await app.inject({ url: '/api/v1/endpoints' })).statusCode, 200);
  });

  it('GET /search finds by artist (type 1) and by anime (type 2), case-insensitively', async () => {
    const images = (await app.inject({ url: '/api/v1/search?query=mochi&type=1&amount=5' })).json().results;
    assert.equal(images.length, 1);
    assert.equal(images[0].artist_name, 'Mochi Artist');
    const gifs = (await app.inject({ url: '/api/v1/search?query=SPRING&type=2' })).json().results;
    assert.equal(gifs.length, 1);
    assert.equal(gifs[0].anime_name, 'Spring Days');
    const inCategory = (await app.inject({ url: '/api/v1/search?query=s&category=hug&amount=20' })).json()
      .results;
    assert.equal(inCategory.length, 2);
  });

  it('search takes LIKE wildcards literally', async () => {
    const res = await app.inject({ url: `/api/v1/search?query=${encodeURIComponent('%')}&amount=20` });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json().results, []);
  });

  it('search refuses bad input, naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['/api/v1/search', 'query'],
      ['/api/v1/search?query=%20%20', 'query'],
      ['/api/v1/search?query=a&type=3', 'type'],
      ['/api/v1/search?query=a&category=nothing', 'category'],
      ['/api/v1/search?query=a&type=2&category=neko', 'category'],
      ['/api/v1/search?query=a&amount=50', 'amount'],
    ];
    for (const [url, field] of cases) {
      const res = await app.inject({ url });
      assert.equal(res.statusCode, 400, url);
      assert.equal(res.json().errors[0].field, field, url);
    }
  });

  it('/random shortcuts', async () => {
    const neko = (await app.inject({ url: '/api/v1/random/neko' })).json().results[0];
    assert.equal(neko.category, 'neko');
    const anime = (await app.inject({ url: '/api/v1/random/anime' })).json().results[0];
    assert.ok(['neko', 'waifu'].includes(anime.category));
    for (const kind of ['gif', 'reaction']) {
      const item = (await app.inject({ url: `/api/v1/random/${kind}` })).json().results[0];
      assert.equal(item.category, 'hug');
      assert.ok('anime_name' in item);
    }
    assert.equal((await app.inject({ url: '/api/v1/random/waifu' })).json().results[0].category, 'waifu');
    assert.equal((await app.inject({ url: '/api/v1/random/other' })).statusCode, 400);
  });

  it('GET /endpoints lists every category with its format and live count', async () => {
    const { categories } = (await app.inject({ url: '/api/v1/endpoints' })).json();
    assert.equal(categories.length, 63);
    const byName = Object.fromEntries(categories.map((c: { name: string }) => [c.name, c]));
    assert.deepEqual(byName.neko, { name: 'neko', format: 'image', count: 3 });
    assert.deepEqual(byName.hug, { name: 'hug', format: 'gif', count: 2 });
    assert.deepEqual(byName.pat, { name: 'pat', format: 'gif', count: 0 });
  });
});

describe('GET /search over many matches', () => {
  it('draws from every match, the newest included, not from the first few hundred by id', async () => {
    const app = await buildTestApp({ rateLimitPerMinute: 100_000 });
    const hashes = await insertFakeItems(app.db, 'wave', 600, { anime_name: 'Bulk Show' });
    const newest = new Set(hashes.slice(-100));
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const { results } = (await app.inject({ url: '/api/v1/search?query=bulk&type=2&amount=20' })).json();
      assert.equal(results.length, 20);
      assert.equal(new Set(results.map((r: { url: string }) => r.url)).size, 20, 'distinct within a call');
      for (const r of results) {
        assert.equal(r.anime_name, 'Bulk Show');
        seen.add(/([0-9a-f]{64})\.gif$/.exec(r.url)?.[1] ?? '');
      }
    }
    // 200 draws from 600: a uniform draw misses the newest 100 with a chance of about 1e-16;
    // a draw from the first 500 by id can never reach them.
    assert.ok(
      [...seen].some((sha256) => newest.has(sha256)),
      'no match among the newest 100 was ever drawn',
    );
    assert.ok(seen.size > 100);
  });
});
