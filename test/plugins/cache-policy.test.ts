import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { secondsToBerlinMidnight } from '../../src/lib/berlin-clock.js';
import { cacheControlFor } from '../../src/plugins/cache-policy.js';
import { buildTestApp } from '../helpers/test-app.js';

/** A value for each path parameter of the documented routes, so that every route is reached. */
const SAMPLE_PARAMS: Record<string, string> = {
  id: '1',
  category: 'neko',
  platform: 'youtube',
  name: 'nothing.png',
  section: 'main',
  type: 'xp',
  kind: 'neko',
};

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

describe('caching is declared on every response', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp();
  });

  it('sends a Cache-Control with the answer of every documented route, success or error', async () => {
    const doc = (await app.inject({ url: '/api/v1/openapi.json' })).json() as OpenApiDocument;
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({ method: method.toUpperCase(), path })),
    );
    assert.ok(operations.length > 60, `only ${operations.length} operations documented`);
    for (const { method, path } of [...operations, { method: 'GET', path: '/api/v1/openapi.json' }]) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE_PARAMS[name] ?? 'x');
      const res = await app.inject({ method: method as 'GET', url });
      assert.ok(res.headers['cache-control'], `${method} ${url} (${res.statusCode}) has no Cache-Control`);
      if (res.statusCode >= 400) assert.equal(res.headers['cache-control'], 'no-store', `${method} ${url}`);
    }
  });

  it('never lets a cache keep a random answer', async () => {
    for (const url of ['/api/v1/util/uuid', '/api/v1/fun/truth', '/api/v1/neko', '/api/v1/search?query=x']) {
      const res = await app.inject({ url });
      assert.equal(res.headers['cache-control'], 'no-store', url);
    }
  });

  it('keeps a daily answer until the next Berlin midnight', async () => {
    const res = await app.inject({ url: '/api/v1/anime/quote' });
    assert.equal(res.statusCode, 200);
    const maxAge = Number(/^public, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    const expected = secondsToBerlinMidnight();
    assert.ok(maxAge >= expected - 5 && maxAge <= expected, `max-age ${maxAge}, expected about ${expected}`);
  });

  it('revalidates catalogs with an ETag and answers 304 when it still matches', async () => {
    for (const url of [
      '/api/v1/endpoints',
      '/api/v1/anime/categories',
      '/api/v1/openapi.json',
      '/api/public/stats',
    ]) {
      const first = await app.inject({ url });
      assert.equal(first.statusCode, 200, url);
      assert.equal(first.headers['cache-control'], 'public, max-age=60', url);
      const etag = String(first.headers.etag);
      assert.match(etag, /^"[\w-]+"$/, url);
      const again = await app.inject({ url, headers: { 'if-none-match': etag } });
      assert.equal(again.statusCode, 304, url);
      assert.equal(again.body, '', url);
      assert.equal(again.headers.etag, etag, url);
      const changed = await app.inject({ url, headers: { 'if-none-match': '"something-else"' } });
      assert.equal(changed.statusCode, 200, url);
    }
  });

  it('keeps per-user directory answers out of every cache', async () => {
    const res = await app.inject({ url: '/api/groups' });
    assert.equal(res.headers['cache-control'], 'private, no-store');
  });
});

describe('seconds to the next Berlin midnight', () => {
  it('counts to midnight in winter (UTC+1) and summer (UTC+2)', () => {
    assert.equal(secondsToBerlinMidnight(new Date('2026-01-15T22:00:00Z')), 3600);
    assert.equal(secondsToBerlinMidnight(new Date('2026-07-15T21:00:00Z')), 3600);
    assert.equal(secondsToBerlinMidnight(new Date('2026-07-15T22:00:00Z')), 24 * 3600);
  });

  it('counts the short and the long day of the clock changes', () => {
    // 29 March 2026 has 23 hours in Berlin, 25 October 2026 has 25.
    assert.equal(secondsToBerlinMidnight(new Date('2026-03-28T23:00:00Z')), 23 * 3600);
    assert.equal(secondsToBerlinMidnight(new Date('2026-10-24T22:00:00Z')), 25 * 3600);
  });

  it('turns each policy into its header', () => {
    const now = new Date('2026-01-15T22:00:00Z');
    assert.equal(cacheControlFor('berlin-day', now), 'public, max-age=3600');
    assert.equal(cacheControlFor('private'), 'private, no-store');
    assert.equal(cacheControlFor({ maxAge: 300, private: true }), 'private, max-age=300');
    assert.equal(cacheControlFor('immutable'), 'public, max-age=31536000, immutable');
  });
});
