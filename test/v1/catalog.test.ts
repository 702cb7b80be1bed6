import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../helpers/test-app.js';
import { FakeJikan, jikanAnime, page } from './anime/fake-jikan.js';

// A sample value per path parameter, so that every listed path can be called.
const SAMPLES: Record<string, string> = {
  category: 'neko',
  section: 'main',
  type: 'xp',
  platform: 'youtube',
  name: 'someone',
  id: '1',
};

function fill(path: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => SAMPLES[name] ?? 'sample').replace(/\*$/, 'neko');
}

describe('GET /api/v1/endpoints', () => {
  let app: FastifyInstance;
  let catalog: { version: string; endpoints: Array<{ method: string; path: string; tags: string[] }> };

  let jikan: FakeJikan;
  // At suite level, so it runs after the suite's tests (an after() inside before() would run too early).
  after(() => jikan?.close());

  before(async () => {
    // The anime-data routes answer from a Jikan that the test runs on loopback.
    jikan = await FakeJikan.start();
    jikan.script('/anime', { status: 200, body: page(jikanAnime(1, 'Cowboy Bebop')) });
    jikan.script('/top/anime', { status: 200, body: page(jikanAnime(1, 'Cowboy Bebop')) });
    app = await buildTestApp({ demoContent: true, rateLimitPerMinute: 100_000, jikanUrl: jikan.url });
    const res = await app.inject({ url: '/api/v1/endpoints' });
    assert.equal(res.statusCode, 200);
    catalog = res.json();
  });

  it('lists the registered v1 routes and nothing outside /api/v1', () => {
    assert.equal(catalog.version, 'v1');
    assert.ok(catalog.endpoints.length > 20, `only ${catalog.endpoints.length} endpoints`);
    for (const endpoint of catalog.endpoints) assert.match(endpoint.path, /^\/api\/v1\//);
    assert.ok(!catalog.endpoints.some((e) => e.path.includes('openapi')), 'hidden routes stay hidden');
  });

  it('lists only paths that answer (no "no route", no server error)', async () => {
    for (const { method, path } of catalog.endpoints) {
      if (path.includes('/ws/')) continue; // WebSocket upgrades are exercised by the downloader's own tests
      const url = fill(path);
      const res = await app.inject({
        method: method as 'GET' | 'POST' | 'DELETE',
        url,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      assert.ok(res.statusCode < 500, `${method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (res.statusCode === 404) {
        assert.doesNotMatch(res.json().detail, /^No route for/, `${method} ${url} is listed but not routed`);
      }
    }
  });
});
