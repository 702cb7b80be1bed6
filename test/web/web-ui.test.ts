import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { PAGE_PATHS, WEB_DIST, webUi } from '../../src/web/web-ui.js';
import { buildTestApp } from '../helpers/test-app.js';

describe('browser UI', () => {
  let app: FastifyInstance;
  before(async () => {
    assert.ok(
      existsSync(join(WEB_DIST, 'index.html')),
      'web/dist is missing: npm test builds it (npm run build:web)',
    );
    app = await buildTestApp();
  });

  it('answers every page path with the same HTML shell, never cached stale', async () => {
    for (const url of PAGE_PATHS) {
      const res = await app.inject({ url });
      assert.equal(res.statusCode, 200, url);
      assert.match(res.headers['content-type'] as string, /^text\/html/);
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.match(res.body, /<div id="app"><\/div>/);
      assert.match(res.body, /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
    }
  });

  it('never serves source maps, though the build keeps them on disk', async () => {
    const maps = readdirSync(join(WEB_DIST, 'assets')).filter((name) => name.endsWith('.map'));
    for (const name of maps) {
      const res = await app.inject({ url: `/assets/${name}` });
      assert.equal(res.statusCode, 404, name);
    }
    const script = readdirSync(join(WEB_DIST, 'assets')).find((name) => name.endsWith('.js'));
    const res = await app.inject({ url: `/assets/${script}` });
    assert.equal(res.statusCode, 200);
    assert.doesNotMatch(res.body, /sourceMappingURL/);
  });

  it('labels a refusal of the static files FORBIDDEN, never CSRF_INVALID', async () => {
    for (const url of ['/assets/.env', '/assets/..%2f..%2fpackage.json']) {
      const res = await app.inject({ url });
      assert.equal(res.statusCode, 403, url);
      assert.equal(res.json().code, 'FORBIDDEN', url);
    }
  });

  it('sends a strict content security policy and the other HTML headers on pages', async () => {
    const res = await app.inject({ url: '/' });
    const csp = res.headers['content-security-policy'] as string;
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /script-src 'self'(;|$)/, 'no inline or foreign scripts');
    assert.match(csp, /img-src 'self' data: https:/, 'external group pictures are https images');
    assert.match(csp, /frame-ancestors 'self'/);
    assert.doesNotMatch(csp, /upgrade-insecure-requests/, 'plain http without TLS or proxy stays usable');
    assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
    assert.equal(res.headers['strict-transport-security'], undefined);
  });

  it('serves the hashed assets as immutable for a year, and 404 for unknown ones', async () => {
    const page = await app.inject({ url: '/' });
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1] as string;
    const style = /href="(\/assets\/[^"]+\.css)"/.exec(page.body)?.[1] as string;
    const js = await app.inject({ url: script });
    assert.equal(js.statusCode, 200);
    assert.match(js.headers['content-type'] as string, /javascript/);
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
    const css = await app.inject({ url: style });
    assert.equal(css.statusCode, 200);
    assert.match(css.headers['content-type'] as string, /^text\/css/);
    for (const url of ['/assets/nope.js', '/assets/../index.html', '/assets/%2e%2e/index.html']) {
      const res = await app.inject({ url });
      assert.equal(res.statusCode, 404, url);
      assert.doesNotMatch(res.body, /<div id="app">/);
    }
  });

  it('keeps the JSON API free of the HTML page headers', async () => {
    const res = await app.inject({ url: '/api/public/stats' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-security-policy'], undefined);
    const unknown = await app.inject({ url: '/no-such-page' });
    assert.equal(unknown.statusCode, 404);
    assert.match(unknown.headers['content-type'] as string, /^application\/problem\+json/);
  });

  it("answers a browser's navigation to an unknown page with the UI's HTML 404, under its policy", async () => {
    const accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const url of ['/no-such-page', '/groups/12/nope', '/mine/x/edit/more?tab=1']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url, headers: { accept } });
        assert.equal(res.statusCode, 404, `${method} ${url}`);
        assert.match(res.headers['content-type'] as string, /^text\/html/);
        assert.equal(res.headers['cache-control'], 'no-store');
        assert.match(res.headers['content-security-policy'] as string, /script-src 'self'(;|$)/);
        if (method === 'GET') assert.match(res.body, /<div id="app"><\/div>/);
      }
    }
  });

  it('keeps problem+json for API clients and for every path that is not a page', async () => {
    const html = 'text/html,*/*;q=0.8';
    const cases: Array<{ url: string; accept?: string; method?: 'GET' | 'POST' | 'DELETE' }> = [
      { url: '/no-such-page' },
      { url: '/no-such-page', accept: 'application/json' },
      { url: '/no-such-page', accept: '*/*' },
      { url: '/no-such-page', accept: 'application/json, text/html;q=0' },
      { url: '/no-such-page', accept: html, method: 'POST' },
      { url: '/no-such-page', accept: html, method: 'DELETE' },
      { url: '/api/no-such-route', accept: html },
      { url: '/api', accept: html },
      { url: '/api/v1/no-such-route', accept: html },
      { url: '/api/groups/999999', accept: html },
      { url: '/sfw/no-such-category/x', accept: html },
      { url: '/assets/nope.js', accept: html },
    ];
    for (const { url, accept, method = 'GET' } of cases) {
      const res = await app.inject({ method, url, headers: accept ? { accept } : {} });
      const what = `${method} ${url} (${accept ?? 'no Accept'})`;
      assert.ok(res.statusCode >= 400 && res.statusCode < 500, what);
      assert.match(res.headers['content-type'] as string, /^application\/problem\+json/, what);
      assert.doesNotMatch(res.body, /<div id="app">/, what);
    }
  });

  it('asks for HSTS and https upgrades behind a TLS-terminating proxy', async () => {
    const proxied = await buildTestApp({ trustProxy: true });
    const res = await proxied.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-security-policy'] as string, /upgrade-insecure-requests/);
    assert.match(res.headers['strict-transport-security'] as string, /max-age=31536000/);
  });

  it('without a build, sends visitors of / to the API reference', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'kizuna-no-web-'));
    after(() => rmSync(empty, { recursive: true, force: true }));
    const bare = Fastify({ logger: false });
    after(() => bare.close());
    bare.decorate('config', loadConfig({ DATA_DIR: empty }));
    await bare.register(webUi, { distDir: empty });
    const res = await bare.inject({ url: '/' });
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, '/docs');
  });
});
