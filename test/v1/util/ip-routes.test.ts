import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { displayAddress } from '../../../src/v1/util/ip-routes.js';
import { buildTestApp } from '../../helpers/test-app.js';

describe('GET /api/v1/util/ip', () => {
  it("gives the caller's address and user agent", async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      url: '/api/v1/util/ip',
      remoteAddress: '203.0.113.7',
      headers: { 'user-agent': 'KizunaBot/1.0', 'x-forwarded-for': '198.51.100.1' },
    });
    assert.equal(response.statusCode, 200);
    // Without TRUST_PROXY a forwarding header is just a claim of the caller, and ignored.
    assert.deepEqual(response.json(), { ip: '203.0.113.7', version: 4, userAgent: 'KizunaBot/1.0' });
    assert.match(String(response.headers['cache-control']), /no-store/);
  });
  it('reports IPv6 callers', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      url: '/api/v1/util/ip',
      remoteAddress: '2001:db8::1',
      headers: { 'user-agent': 'KizunaBot/1.0' },
    });
    assert.deepEqual(response.json(), { ip: '2001:db8::1', version: 6, userAgent: 'KizunaBot/1.0' });
  });
  it('reports a missing user agent as null (over a real socket, as inject always sends one)', async () => {
    const app = await buildTestApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const body = await new Promise<string>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/api/v1/util/ip' }, (response) => {
        let data = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          data += chunk;
        });
        response.on('end', () => resolve(data));
      });
      request.on('error', reject);
    });
    assert.deepEqual(JSON.parse(body), { ip: '127.0.0.1', version: 4, userAgent: null });
  });
  it('behind a trusted proxy gives the forwarded client address', async () => {
    const app = await buildTestApp({ trustProxy: true });
    const response = await app.inject({
      url: '/api/v1/util/ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.23', 'x-forwarded-proto': 'https', 'user-agent': 'curl/8' },
    });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { ip: '198.51.100.23', version: 4, userAgent: 'curl/8' });
  });
});

describe('displayAddress', () => {
  it('shows IPv4-mapped IPv6 addresses as plain IPv4 and leaves the rest alone', () => {
    assert.equal(displayAddress('::ffff:192.0.2.1'), '192.0.2.1');
    assert.equal(displayAddress('2001:db8::1'), '2001:db8::1');
    assert.equal(displayAddress('192.0.2.1'), '192.0.2.1');
  });
});
