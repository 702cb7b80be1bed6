import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { assertProblem } from '../helpers/assert-problem.js';
import { buildTestApp } from '../helpers/test-app.js';

describe('public API v1 platform', () => {
  describe('CORS', () => {
    it('allows any origin without credentials', async () => {
      const app = await buildTestApp();
      const res = await app.inject({ url: '/api/v1/endpoints', headers: { origin: 'https://bot.example' } });
      assert.equal(res.headers['access-control-allow-origin'], '*');
      assert.equal(res.headers['access-control-allow-credentials'], undefined);
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/v1/endpoints',
        headers: { origin: 'https://bot.example', 'access-control-request-method': 'GET' },
      });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.headers['access-control-allow-origin'], '*');
    });

    it('lets pages of other origins use every method the API has, DELETE of a job included', async () => {
      const app = await buildTestApp();
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/v1/jobs/some-job',
        headers: { origin: 'https://bot.example', 'access-control-request-method': 'DELETE' },
      });
      assert.equal(preflight.statusCode, 204);
      const allowed = String(preflight.headers['access-control-allow-methods']).split(/,\s*/);
      for (const method of ['GET', 'HEAD', 'POST', 'DELETE']) assert.ok(allowed.includes(method), method);
    });

    it('does not open the directory (session cookies) to other origins', async () => {
      const app = await buildTestApp();
      const res = await app.inject({ url: '/api/auth/me', headers: { origin: 'https://evil.example' } });
      assert.equal(res.headers['access-control-allow-origin'], undefined);
    });
  });

  describe('rate limit', () => {
    it('counts per client IP, sends RateLimit-* headers and a 429 problem with Retry-After', async () => {
      const app = await buildTestApp({ rateLimitPerMinute: 3 });
      const from = (remoteAddress: string) => app.inject({ url: '/api/v1/endpoints', remoteAddress });
      const first = await from('203.0.113.1');
      assert.equal(first.headers['ratelimit-limit'], '3');
      assert.equal(first.headers['ratelimit-remaining'], '2');
      assert.ok(Number(first.headers['ratelimit-reset']) > 0);
      await from('203.0.113.1');
      await from('203.0.113.1');
      const limited = await from('203.0.113.1');
      assertProblem(limited, 429, 'RATE_LIMITED');
      assert.match(String(limited.headers['content-type']), /^application\/problem\+json/);
      assert.ok(Number(limited.headers['retry-after']) >= 1);
      assert.equal((await from('203.0.113.2')).statusCode, 200, 'another address has its own budget');
    });

    it('counts an IPv6 client by its /64: six addresses of one /64 share one budget, another /64 has its own', async () => {
      const app = await buildTestApp({ rateLimitPerMinute: 3 });
      const from = (remoteAddress: string) => app.inject({ url: '/api/v1/endpoints', remoteAddress });
      const statuses: number[] = [];
      for (let host = 1; host <= 6; host++)
        statuses.push((await from(`2001:db8:5:6::${host.toString(16)}`)).statusCode);
      assert.deepEqual(statuses, [200, 200, 200, 429, 429, 429]);
      assert.equal((await from('2001:db8:5:7::1')).statusCode, 200, 'the next /64 is another client');
    });

    it('does not count directory requests', async () => {
      const app = await buildTestApp({ rateLimitPerMinute: 1 });
      for (let i = 0; i < 3; i++) assert.equal((await app.inject({ url: '/api/auth/me' })).statusCode, 200);
    });

    it('shares one budget between instances through Redis', {
      skip: !process.env.TEST_REDIS_URL && 'needs TEST_REDIS_URL',
    }, async () => {
      const a = await buildTestApp({ rateLimitPerMinute: 4 });
      const b = await buildTestApp({ rateLimitPerMinute: 4, redisPrefix: a.config.redisPrefix });
      const statuses: number[] = [];
      for (const app of [a, b, a, b, a]) {
        statuses.push(
          (await app.inject({ url: '/api/v1/endpoints', remoteAddress: '203.0.113.50' })).statusCode,
        );
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 429]);
    });
  });

  describe('loopback-only guard (GET /metrics)', () => {
    it('lets a direct loopback request through, over IPv4 and IPv6', async () => {
      const app = await buildTestApp();
      for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        const res = await app.inject({ url: '/metrics', remoteAddress });
        assert.equal(res.statusCode, 200, remoteAddress);
        assert.match(res.body, /http_request_duration_seconds/);
      }
    });

    it('answers 404 to any other address and to loopback carrying a forwarding header', async () => {
      const app = await buildTestApp();
      for (const remoteAddress of ['203.0.113.9', '10.0.0.1', '::ffff:10.0.0.1', '2001:db8::1']) {
        const res = await app.inject({ url: '/metrics', remoteAddress });
        assertProblem(res, 404, 'NOT_FOUND', remoteAddress);
      }
      for (const header of [
        'x-forwarded-for',
        'forwarded',
        'x-real-ip',
        'x-forwarded-host',
        'x-forwarded-proto',
        'via',
      ]) {
        const res = await app.inject({ url: '/metrics', headers: { [header]: '127.0.0.1' } });
        assert.equal(res.statusCode, 404, header);
      }
    });

    it('with METRICS_TOKEN, answers the bearer of the token from anywhere and nobody else, loopback included', async () => {
      const token = 'metrics-token-for-tests-0123456789abcdef';
      const app = await buildTestApp({ metricsToken: token });
      const scrape = (remoteAddress: string, authorization?: string) =>
        app.inject({ url: '/metrics', remoteAddress, headers: authorization ? { authorization } : {} });
      const ok = await scrape('203.0.113.9', `Bearer ${token}`);
      assert.equal(ok.statusCode, 200);
      assert.match(ok.body, /http_request_duration_seconds/);
      assertProblem(await scrape('127.0.0.1'), 404, 'NOT_FOUND');
      assertProblem(await scrape('203.0.113.9', 'Bearer wrong'), 404, 'NOT_FOUND');
      assertProblem(await scrape('127.0.0.1', `Bearer ${token.slice(0, -1)}`), 404, 'NOT_FOUND');
    });

    it('refuses to start with a short METRICS_TOKEN or OPERATOR_TOKEN', async () => {
      const { ConfigError, loadConfig } = await import('../../src/config.js');
      for (const name of ['METRICS_TOKEN', 'OPERATOR_TOKEN'])
        assert.throws(
          () =>
            loadConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/nonexistent-kizuna', [name]: 'short' }),
          (error: unknown) => error instanceof ConfigError && error.problems.some((p) => p.startsWith(name)),
        );
    });

    it('stays closed behind a trusted proxy, which connects from loopback on behalf of anyone', async () => {
      const app = await buildTestApp({ trustProxy: true });
      const res = await app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '127.0.0.1' } });
      assert.equal(res.statusCode, 404);
    });
  });

  describe('HTTPS', () => {
    it('speaks TLS with TLS_CERT/TLS_KEY and sends HSTS', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'kizuna-tls-'));
      after(() => rmSync(dir, { recursive: true, force: true }));
      const cert = join(dir, 'cert.pem');
      const key = join(dir, 'key.pem');
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          key,
          '-out',
          cert,
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
        ],
        { stdio: 'ignore' },
      );
      const app = await buildTestApp({ tls: { cert, key }, secureCookies: true });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const response = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
        (resolve, reject) => {
          const req = httpsRequest(
            { host: '127.0.0.1', port, path: '/api/auth/me', rejectUnauthorized: false },
            (res) => {
              let body = '';
              res.on('data', (chunk) => {
                body += chunk;
              });
              res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
            },
          );
          req.on('error', reject);
          req.end();
        },
      );
      assert.equal(response.status, 200);
      assert.match(String(response.headers['strict-transport-security']), /max-age=31536000/);
      assert.match(String(response.headers['set-cookie']), /__Host-kizuna-csrf=.*Secure/);
    });

    it('behind a trusted proxy, redirects plain-http requests to https', async () => {
      const app = await buildTestApp({ trustProxy: true });
      const res = await app.inject({
        url: '/api/v1/endpoints?x=1',
        headers: { host: 'kizuna.example', 'x-forwarded-proto': 'http' },
      });
      assert.equal(res.statusCode, 308);
      assert.equal(res.headers.location, 'https://kizuna.example/api/v1/endpoints?x=1');
      const secure = await app.inject({
        url: '/api/v1/endpoints',
        headers: { host: 'kizuna.example', 'x-forwarded-proto': 'https' },
      });
      assert.equal(secure.statusCode, 200);
      assert.match(String(secure.headers['strict-transport-security']), /max-age/);
      const health = await app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
      assert.equal(health.statusCode, 200, 'health checks are not redirected');
    });

    it('sends no HSTS over plain http without a proxy', async () => {
      const app = await buildTestApp();
      const res = await app.inject({ url: '/healthz' });
      assert.equal(res.headers['strict-transport-security'], undefined);
    });
  });

  describe('OpenAPI and the API reference', () => {
    it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
      const app = await buildTestApp();
      const res = await app.inject({ url: '/api/v1/openapi.json' });
      assert.equal(res.statusCode, 200);
      const doc = res.json();
      assert.equal(doc.openapi, '3.1.0');
      assert.ok(
        doc.paths['/api/auth/register'].post.requestBody,
        'the register body schema is in the document',
      );
      assert.ok(doc.paths['/api/v1/endpoints'].get);
      assert.ok(doc.components.schemas.Problem);
    });

    it('renders the API reference page at /docs, with the security headers of an HTML page', async () => {
      const app = await buildTestApp();
      const res = await app.inject({ url: '/docs/' });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /text\/html/);
      assert.match(res.body, /Kizuna API reference/);
      assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.ok(res.headers['content-security-policy'], 'a CSP');
    });
  });

  describe('security headers of API responses', () => {
    it('sends nosniff and a cross-origin resource policy on every API answer, errors included', async () => {
      const app = await buildTestApp();
      for (const url of ['/api/v1/endpoints', '/api/auth/me', '/api/v1/nope', '/healthz']) {
        const res = await app.inject({ url });
        assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
        assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin', url);
      }
    });
  });
});
