import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { assertProblem } from '../../helpers/assert-problem.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { gif, png, storeOf } from '../../media/fixtures.js';

// The published clients (nekos-best.js 6.4, waifu.pics 0.0.2 on npm) hard-code their hosts
// (https://nekos.best/api/v2/, https://waifu.pics/api) with no option to change them, so these
// tests send exactly the requests their source builds and read the answers as they do.

describe('nekos.best v2 compatibility at /api/v2', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp({ rateLimitPerMinute: 50 });
    const store = storeOf(app);
    for (const i of [1, 2, 3])
      await store.addBuffer('neko', await png(i), {
        artistName: `Artist ${i}`,
        artistHref: 'https://example.org/artist',
        sourceUrl: `https://example.org/art/${i}`,
      });
    await store.addBuffer('hug', await gif(1), { animeName: 'Spring Days' });
  });

  it('lists every category with its format, as {"neko":{"format":"png"},…}', async () => {
    const res = await app.inject({ url: '/api/v2/endpoints' });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(body.neko, { format: 'png' });
    assert.deepEqual(body.hug, { format: 'gif' });
    assert.ok(Object.keys(body).length >= 60);
  });

  it('answers Client.fetch(category, amount): <category>?amount=<n>', async () => {
    const res = await app.inject({ url: '/api/v2/neko?amount=2' });
    assert.equal(res.statusCode, 200);
    const { results } = res.json();
    assert.equal(results.length, 2);
    assert.match(results[0].url, /^http:\/\/.+\/api\/v1\/files\/[0-9a-f]{64}\.png$/);
    assert.ok(results[0].artist_name.startsWith('Artist'));
    // fetchFile() then downloads the url as it is.
    const file = await app.inject({ url: new URL(results[0].url).pathname });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'image/png');
  });

  it('answers Client.search(): search?query=&type=&category=&amount= with its rate-limit headers', async () => {
    const res = await app.inject({
      url: `/api/v2/search?query=${encodeURIComponent('Spring')}&type=2&category=hug&amount=1`,
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().results[0].anime_name, 'Spring Days');
    // The client reads these two and paces itself: Number(remaining), Date.parse(reset).
    const remaining = Number(res.headers['x-rate-limit-remaining']);
    const resetsAt = Date.parse(String(res.headers['x-rate-limit-reset']));
    assert.ok(Number.isInteger(remaining) && remaining >= 0 && remaining < 50);
    assert.equal(String(remaining), res.headers['ratelimit-remaining']);
    assert.ok(resetsAt > Date.now() - 1000 && resetsAt <= Date.now() + 61_000);
    assert.match(String(res.headers['x-rate-limit-reset']), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('shares the v1 budget: one rate limit across both mounts', async () => {
    const v1 = await app.inject({ url: '/api/v1/neko' });
    const v2 = await app.inject({ url: '/api/v2/neko' });
    assert.equal(Number(v2.headers['ratelimit-remaining']), Number(v1.headers['ratelimit-remaining']) - 1);
  });

  it('refuses what nekos.best refuses: an unknown category, amount out of range', async () => {
    const unknown = assertProblem(await app.inject({ url: '/api/v2/nekomimi' }), 404, 'NOT_FOUND');
    assert.match(unknown.detail, /\/api\/v2\/endpoints/);
    assertProblem(await app.inject({ url: '/api/v2/neko?amount=21' }), 400, 'VALIDATION_FAILED');
    assertProblem(await app.inject({ url: '/api/v2/search?query=x&type=3' }), 400, 'VALIDATION_FAILED');
  });

  it('is open to browsers on any origin, like /api/v1', async () => {
    const res = await app.inject({ url: '/api/v2/neko', headers: { origin: 'https://bot.example' } });
    assert.equal(res.headers['access-control-allow-origin'], '*');
  });
});

describe('waifu.pics compatibility at /sfw and /many', () => {
  let app: FastifyInstance;
  const files: string[] = [];
  before(async () => {
    app = await buildTestApp();
    const store = storeOf(app);
    for (let i = 1; i <= 35; i++) await store.addBuffer('waifu', await png(i), {});
    await store.addBuffer('hug', await gif(1), {});
    const all = await app.inject({ method: 'POST', url: '/many/sfw/waifu', payload: {} });
    files.push(...all.json().files);
  });

  it('GET /sfw/:category → {url}', async () => {
    for (const category of ['waifu', 'hug']) {
      const res = await app.inject({ url: `/sfw/${category}` });
      assert.equal(res.statusCode, 200, category);
      assert.deepEqual(Object.keys(res.json()), ['url']);
      assert.match(res.json().url, /^http:\/\/.+\/api\/v1\/files\/[0-9a-f]{64}\.(png|gif)$/);
      assert.equal(res.headers['cache-control'], 'no-store');
    }
  });

  it('POST /many/sfw/:category → 30 distinct files, leaving out the excluded ones', async () => {
    assert.equal(files.length, 30);
    assert.equal(new Set(files).size, 30);
    const exclude = files.slice(0, 10);
    const res = await app.inject({ method: 'POST', url: '/many/sfw/waifu', payload: { exclude } });
    assert.equal(res.statusCode, 200);
    const next: string[] = res.json().files;
    assert.equal(next.length, 25);
    assert.ok(next.every((url) => !exclude.includes(url)));
  });

  it('answers 404 for NSFW paths and unknown categories, 400 for a malformed exclude', async () => {
    for (const [method, url] of [
      ['GET', '/nsfw/waifu'],
      ['POST', '/many/nsfw/waifu'],
      ['GET', '/sfw/shinobu'],
      ['POST', '/many/sfw/shinobu'],
    ] as const) {
      assertProblem(
        await app.inject({ method, url, payload: method === 'POST' ? {} : undefined }),
        404,
        'NOT_FOUND',
        url,
      );
    }
    const bad = await app.inject({
      method: 'POST',
      url: '/many/sfw/waifu',
      payload: { exclude: [{ url: 'x' }] },
    });
    assertProblem(bad, 400, 'VALIDATION_FAILED');
  });
});
