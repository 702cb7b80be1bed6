import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { buildTestApp } from '../helpers/test-app.js';
import { launchChromium } from './chromium.js';

/** A web page of another origin calling the bot API with fetch(), as a bot's dashboard would. */
describe('the bot API from a page of another origin, in Chromium', () => {
  let app: FastifyInstance;
  let page: Server;
  let browser: Browser;
  let api: string;
  let pageOrigin: string;

  before(async () => {
    app = await buildTestApp({ rateLimitPerMinute: 4 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    api = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    // Another port is another origin: every call below is a cross-origin one.
    page = createServer((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><title>bot</title>');
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageOrigin = `http://127.0.0.1:${(page.address() as { port: number }).port}`;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    page?.close();
  });

  /** What fetch() in the page gives a script: the status and the headers it may read. */
  async function fetchFromPage(path: string, init: { method?: string } = {}) {
    const context = await browser.newContext();
    after(() => context.close());
    const tab = await context.newPage();
    await tab.goto(`${pageOrigin}/`);
    return tab.evaluate(
      async ({ url, init }) => {
        const response = await fetch(url, init);
        return { status: response.status, headers: Object.fromEntries(response.headers.entries()) };
      },
      { url: `${api}${path}`, init },
    );
  }

  it('sends a DELETE after its preflight and reads the answer, a problem for a job that does not exist', async () => {
    const missing = await fetchFromPage('/api/v1/jobs/no-such-job', { method: 'DELETE' });
    // fetch() throws when the preflight or the answer's CORS headers refuse it.
    assert.equal(missing.status, 404);
    assert.equal(missing.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(missing.headers['ratelimit-remaining'], '3');
  });

  it('reads the rate limit headers, the ETag of a catalog and, past the budget, Retry-After', async () => {
    const catalog = await fetchFromPage('/api/v1/endpoints');
    assert.equal(catalog.status, 200);
    assert.match(catalog.headers.etag ?? '', /^"/);
    assert.equal(catalog.headers['ratelimit-limit'], '4');
    assert.equal(catalog.headers['ratelimit-remaining'], '2');
    assert.match(catalog.headers['ratelimit-reset'] ?? '', /^\d+$/);

    await fetchFromPage('/api/v1/util/uuid');
    await fetchFromPage('/api/v1/util/uuid');
    const limited = await fetchFromPage('/api/v1/util/uuid');
    assert.equal(limited.status, 429);
    assert.match(limited.headers['retry-after'] ?? '', /^\d+$/);
    assert.equal(limited.headers['ratelimit-remaining'], '0');
  });
});
