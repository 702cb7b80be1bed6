import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { assertProblem } from '../helpers/assert-problem.js';
import { buildTestApp } from '../helpers/test-app.js';

/** One raw HTTP exchange with a listening app: status, headers and body as they went over the wire. */
function rawRequest(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('HTTP semantics', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp();
  });

  it('answers a known path asked with another method with 405 and Allow', async () => {
    for (const [method, url, allow] of [
      ['DELETE', '/api/v1/util/uuid', 'GET, HEAD, OPTIONS'],
      ['PUT', '/api/groups', 'GET, HEAD, POST, OPTIONS'],
      ['GET', '/api/auth/login', 'POST, OPTIONS'],
      ['PATCH', '/api/v1/jobs/abc', 'GET, HEAD, DELETE, OPTIONS'],
    ] as const) {
      const res = await app.inject({ method, url });
      const body = assertProblem(res, 405, 'METHOD_NOT_ALLOWED', `${method} ${url}`);
      assert.equal(res.headers.allow, allow, `${method} ${url}`);
      assert.match(body.detail, new RegExp(`not ${method}`));
    }
  });

  it('gives the 405s and 404s of the bot API its CORS headers', async () => {
    const wrong = await app.inject({
      method: 'PUT',
      url: '/api/v1/util/uuid',
      headers: { origin: 'https://bot.example' },
    });
    assert.equal(wrong.statusCode, 405);
    assert.equal(wrong.headers['access-control-allow-origin'], '*');
    const missing = await app.inject({ url: '/api/v1/fun/joke' });
    assert.equal(missing.headers['access-control-allow-origin'], '*');
  });

  it('points unknown paths under /api/v1 at the catalog', async () => {
    for (const url of ['/api/v1', '/api/v1/fun/joke', '/api/v1/util/nothing/here']) {
      const body = assertProblem(await app.inject({ url }), 404, 'NOT_FOUND', url) as {
        detail: string;
        endpoints?: string;
      };
      assert.match(body.detail, /\/api\/v1\/endpoints/, url);
      assert.match(String(body.endpoints), /^http:\/\/[^/]+\/api\/v1\/endpoints$/, url);
    }
    const elsewhere = assertProblem(await app.inject({ url: '/no/such/thing' }), 404, 'NOT_FOUND');
    assert.doesNotMatch(elsewhere.detail, /endpoints/);
  });

  it('answers an OPTIONS that is no preflight with 204 and Allow, and an unknown path with 404', async () => {
    for (const url of ['/api/v1/util/uuid', '/api/groups', '/healthz']) {
      const res = await app.inject({ method: 'OPTIONS', url });
      assert.equal(res.statusCode, 204, url);
      assert.match(String(res.headers.allow), /^GET, HEAD, /, url);
      assert.equal(res.body, '');
    }
    const open = await app.inject({ method: 'OPTIONS', url: '/api/v1/util/uuid' });
    assert.equal(open.headers['access-control-allow-origin'], '*');
    assertProblem(await app.inject({ method: 'OPTIONS', url: '/api/v1/fun/joke' }), 404, 'NOT_FOUND');
    assertProblem(await app.inject({ method: 'OPTIONS', url: '/nothing' }), 404, 'NOT_FOUND');
  });

  it('lets browsers keep a preflight for a while', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/d/youtube',
      headers: { origin: 'https://bot.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(res.statusCode, 204);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.headers['access-control-max-age'], '7200');
  });

  it('serves the OpenAPI document to browser tools on other origins', async () => {
    const res = await app.inject({
      url: '/api/v1/openapi.json',
      headers: { origin: 'https://editor.example' },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['access-control-allow-origin'], '*');
  });

  it('answers a path segment over the router limit with a 414 problem and CORS', async () => {
    const res = await app.inject({ url: `/api/v1/jobs/${'a'.repeat(600)}` });
    assertProblem(res, 414, 'URI_TOO_LONG');
    assert.equal(res.headers['access-control-allow-origin'], '*');
  });

  describe('over a real socket', () => {
    let port: number;
    before(async () => {
      const listening = await buildTestApp();
      await listening.listen({ host: '127.0.0.1', port: 0 });
      port = (listening.server.address() as AddressInfo).port;
    });

    it('answers headers over the limit with a 431 problem and the area’s CORS headers', async () => {
      const res = await rawRequest(port, '/api/v1/util/uuid', { 'x-big': 'a'.repeat(20_000) });
      assert.equal(res.status, 431);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
      assert.equal(JSON.parse(res.body).code, 'HEADERS_TOO_LARGE');
      assert.equal(res.headers['access-control-allow-origin'], '*');
      const directory = await rawRequest(port, '/api/groups', { 'x-big': 'a'.repeat(20_000) });
      assert.equal(directory.status, 431);
      assert.equal(directory.headers['access-control-allow-origin'], undefined);
    });

    it('answers a request line over the limit with a 414 problem', async () => {
      const res = await rawRequest(port, `/api/v1/util/uuid?x=${'a'.repeat(20_000)}`);
      assert.equal(res.status, 414);
      assert.equal(JSON.parse(res.body).code, 'URI_TOO_LONG');
    });
  });
});
