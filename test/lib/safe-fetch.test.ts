import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import {
  isPublicAddress,
  SafeFetchError,
  type SafeFetchOptions,
  safeFetch,
} from '../../src/lib/safe-fetch.js';
import { type ConnectionSpy, spyOnConnections, stubDns } from './safe-fetch/connection-spy.js';
import { type LoopbackServer, startLoopbackHttps } from './safe-fetch/loopback-https.js';

const LIMITS: SafeFetchOptions = { maxBytes: 64 * 1024, timeoutMs: 3000 };
const TESTING: SafeFetchOptions = { ...LIMITS, allowPrivateForTests: true };

async function refusal(url: string, options: SafeFetchOptions = LIMITS): Promise<SafeFetchError> {
  try {
    await safeFetch(url, options);
  } catch (error) {
    assert.ok(error instanceof SafeFetchError, `expected a SafeFetchError, got ${error}`);
    return error;
  }
  assert.fail(`${url} was fetched`);
}

describe('isPublicAddress', () => {
  test('accepts globally routable unicast, also when written as a mapped or NAT64 IPv6 form', () => {
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '172.15.255.255',
      '172.32.0.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ]) {
      assert.equal(isPublicAddress(ip), true, ip);
    }
  });

  test('refuses loopback, private, link-local, CGNAT, multicast, unspecified, broadcast and documentation ranges', () => {
    for (const ip of [
      '127.0.0.1',
      '127.5.5.5',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '239.255.255.250',
      '192.0.2.1',
      '198.51.100.1',
      '203.0.113.5',
      '198.18.0.1',
      '240.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'febf::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      'fec0::1',
      '2001:db8::1',
    ]) {
      assert.equal(isPublicAddress(ip), false, ip);
    }
  });

  test('refuses IPv6 forms that carry a non-public IPv4 address', () => {
    for (const ip of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:192.168.0.1',
      '::ffff:0:127.0.0.1',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::10.0.0.1',
      '64:ff9b:1::808:808',
      '2002:7f00:1::1',
      '2002:a00:1::1',
      '2001::1',
    ]) {
      assert.equal(isPublicAddress(ip), false, ip);
    }
  });

  test('refuses what is not a canonical address at all', () => {
    for (const ip of [
      '',
      'localhost',
      'not-an-ip',
      '0x7f.1',
      '2130706433',
      '127.1',
      'fe80::1%eth0',
      '1.2.3.4.5',
    ]) {
      assert.equal(isPublicAddress(ip), false, ip);
    }
  });

  test('every address of 10/8, 172.16/12 and 192.168/16 is refused, plain or mapped', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.constantFrom('10', '172', '192'), octet, octet, octet, (first, a, b, c) => {
        const ip =
          first === '10'
            ? `10.${a}.${b}.${c}`
            : first === '172'
              ? `172.${16 + (a % 16)}.${b}.${c}`
              : `192.168.${b}.${c}`;
        return !isPublicAddress(ip) && !isPublicAddress(`::ffff:${ip}`);
      }),
    );
  });

  test('an IPv4-mapped address gets the verdict of the IPv4 address inside', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(octet, octet, octet, octet, (a, b, c, d) => {
        const ip = `${a}.${b}.${c}.${d}`;
        return isPublicAddress(ip) === isPublicAddress(`::ffff:${ip}`);
      }),
    );
  });
});

describe('safeFetch refusals', () => {
  let target: LoopbackServer;
  before(async () => {
    target = await startLoopbackHttps((_req, res) => res.end('secret'));
  });
  after(() => target.close());

  test('http: is refused before any connection is made', async () => {
    const error = await refusal(`http://127.0.0.1:${target.port}/`, TESTING);
    assert.equal(error.code, 'BAD_URL');
    assert.equal(target.connections(), 0);
  });

  test('a loopback address literal is refused and never connected to', async () => {
    const error = await refusal(`${target.origin}/`);
    assert.equal(error.code, 'FORBIDDEN_ADDRESS');
    assert.equal(target.connections(), 0);
  });

  test('a host name that resolves to loopback is refused after DNS and never connected to', async () => {
    const error = await refusal(`https://localhost:${target.port}/`);
    assert.equal(error.code, 'FORBIDDEN_ADDRESS');
    assert.equal(target.connections(), 0);
  });

  test('the IPv4-mapped IPv6 form of loopback is refused, even with the test switch on', async () => {
    for (const options of [LIMITS, TESTING]) {
      const error = await refusal(`https://[::ffff:127.0.0.1]:${target.port}/`, options);
      assert.equal(error.code, 'FORBIDDEN_ADDRESS');
    }
    assert.equal(target.connections(), 0);
  });

  test('private, link-local and unique-local addresses are refused', async () => {
    for (const url of [
      'https://10.0.0.1/',
      'https://172.16.5.4/',
      'https://192.168.1.1/avatar.png',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fe80::1]/',
      'https://[fd00::2]/',
      'https://[::ffff:a9fe:a9fe]/',
    ]) {
      const error = await refusal(url, TESTING);
      assert.equal(error.code, 'FORBIDDEN_ADDRESS', url);
    }
  });

  test('other spellings of loopback are normalised first and refused', async () => {
    for (const host of ['0x7f.1', '2130706433', '127.1', '[::ffff:7f00:1]', '[0:0:0:0:0:ffff:127.0.0.1]']) {
      const error = await refusal(`https://${host}:${target.port}/`);
      assert.equal(error.code, 'FORBIDDEN_ADDRESS', host);
    }
    assert.equal(target.connections(), 0);
  });

  test('malformed URLs and URLs with credentials are refused', async () => {
    assert.equal((await refusal('not a url')).code, 'BAD_URL');
    assert.equal((await refusal('ftp://example.com/a.png')).code, 'BAD_URL');
    assert.equal((await refusal(`https://user:pw@127.0.0.1:${target.port}/`, TESTING)).code, 'BAD_URL');
    assert.equal(target.connections(), 0);
  });
});

describe('safeFetch never attempts a connection to a refused address', () => {
  let target: LoopbackServer;
  let spy: ConnectionSpy;
  let dns: { restore(): void };
  before(async () => {
    target = await startLoopbackHttps((_req, res) => res.end('reached'));
    dns = stubDns({
      'intranet.example': ['10.0.0.5'],
      'router.example': ['192.168.1.1'],
      'corp.example': ['172.16.0.9'],
      'metadata.example': ['169.254.169.254'],
      'link-local6.example': ['fe80::1'],
      'half-private.example': ['93.184.216.34', '10.0.0.5'],
      'loopback.example': ['127.0.0.1'],
    });
    spy = spyOnConnections();
  });
  after(async () => {
    spy.restore();
    dns.restore();
    await target.close();
  });

  test('the spy sees the connections safeFetch makes, also to a stubbed name (control)', async () => {
    spy.attempts.length = 0;
    await safeFetch(`${target.origin}/`, TESTING);
    await safeFetch(`https://loopback.example:${target.port}/`, TESTING);
    assert.deepEqual(spy.attempts, [`127.0.0.1:${target.port}`, `127.0.0.1:${target.port}`]);
  });

  /** What safeFetch makes of each host, one after the other: 'fetched' or the error's code. */
  async function outcomes(hosts: string[], options: typeof LIMITS): Promise<string[]> {
    const codes: string[] = [];
    for (const host of hosts) {
      codes.push(
        await safeFetch(`https://${host}:${target.port}/a.png`, options).then(
          () => 'fetched',
          (error: SafeFetchError) => error.code,
        ),
      );
    }
    return codes;
  }

  for (const options of [LIMITS, TESTING]) {
    const mode = options === LIMITS ? 'production' : 'with the test switch on';
    test(`private and link-local address literals (${mode}): refused, zero connection attempts`, async () => {
      spy.attempts.length = 0;
      const hosts = ['10.1.2.3', '192.168.0.10', '172.16.5.4', '169.254.169.254', '[fe80::1]', '[fd00::2]'];
      const codes = await outcomes(hosts, options);
      assert.deepEqual(spy.attempts, []);
      assert.deepEqual(
        codes,
        hosts.map(() => 'FORBIDDEN_ADDRESS'),
      );
    });

    test(`host names resolving to private or link-local addresses (${mode}): refused, zero connection attempts`, async () => {
      spy.attempts.length = 0;
      const connections = target.connections();
      const hosts = [
        'intranet.example',
        'router.example',
        'corp.example',
        'metadata.example',
        'link-local6.example',
        'half-private.example',
      ];
      const codes = await outcomes(hosts, options);
      assert.deepEqual(spy.attempts, []);
      assert.deepEqual(
        codes,
        hosts.map(() => 'FORBIDDEN_ADDRESS'),
      );
      assert.equal(target.connections(), connections);
    });
  }
});

describe('safeFetch redirects', () => {
  let hidden: LoopbackServer;
  let front: LoopbackServer;
  before(async () => {
    hidden = await startLoopbackHttps((_req, res) => res.end('internal'));
    front = await startLoopbackHttps((req, res) => {
      const to: Record<string, string> = {
        '/to-mapped': `https://[::ffff:127.0.0.1]:${hidden.port}/`,
        '/to-metadata': 'https://169.254.169.254/latest/meta-data/',
        '/to-private': 'https://10.0.0.7/',
        '/to-http': `http://127.0.0.1:${hidden.port}/`,
        '/relative': '/final',
        '/loop': '/loop',
      };
      const location = to[req.url ?? ''];
      if (location) {
        res.writeHead(302, { location });
        res.end();
      } else res.end(`reached ${req.url}`);
    });
  });
  after(async () => {
    await front.close();
    await hidden.close();
  });

  test('a redirect into a mapped loopback address is refused and never reaches it', async () => {
    const error = await refusal(`${front.origin}/to-mapped`, TESTING);
    assert.equal(error.code, 'FORBIDDEN_ADDRESS');
    assert.equal(hidden.connections(), 0);
  });

  test('redirects into link-local and private addresses are refused', async () => {
    assert.equal((await refusal(`${front.origin}/to-metadata`, TESTING)).code, 'FORBIDDEN_ADDRESS');
    assert.equal((await refusal(`${front.origin}/to-private`, TESTING)).code, 'FORBIDDEN_ADDRESS');
  });

  test('a redirect to http: is refused and never reaches its target', async () => {
    assert.equal((await refusal(`${front.origin}/to-http`, TESTING)).code, 'BAD_URL');
    assert.equal(hidden.connections(), 0);
  });

  test('a relative redirect is followed and the final URL reported', async () => {
    const result = await safeFetch(`${front.origin}/relative`, TESTING);
    assert.equal(result.status, 200);
    assert.equal(result.url, `${front.origin}/final`);
    assert.equal(result.body.toString(), 'reached /final');
  });

  test('a redirect loop ends with TOO_MANY_REDIRECTS', async () => {
    const error = await refusal(`${front.origin}/loop`, { ...TESTING, maxRedirects: 3 });
    assert.equal(error.code, 'TOO_MANY_REDIRECTS');
  });
});

describe('safeFetch bounds', () => {
  let server: LoopbackServer;
  let stalled = 0;
  before(async () => {
    server = await startLoopbackHttps((req, res) => {
      switch (req.url) {
        case '/declared-large':
          res.writeHead(200, { 'content-length': String(10 * 1024 * 1024), 'content-type': 'image/png' });
          res.write(Buffer.alloc(1024));
          return; // never finishes: the client must not wait for it
        case '/endless': {
          res.writeHead(200, { 'content-type': 'image/png' });
          const chunk = Buffer.alloc(16 * 1024, 1);
          const timer = setInterval(() => res.write(chunk), 1);
          res.on('close', () => clearInterval(timer));
          return;
        }
        case '/silent':
          stalled++;
          return; // no answer at all
        case '/slow-body':
          res.writeHead(200, { 'content-type': 'image/png' });
          res.write('a little');
          return;
        case '/missing':
          res.writeHead(404);
          res.end('nope');
          return;
        default:
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-extra': 'yes' });
          res.end('<p>hello</p>');
      }
    });
  });
  after(() => server.close());

  test('a small response arrives whole, with its headers and content type', async () => {
    const result = await safeFetch(`${server.origin}/ok`, TESTING);
    assert.equal(result.body.toString(), '<p>hello</p>');
    assert.equal(result.contentType, 'text/html; charset=utf-8');
    assert.equal(result.headers.get('x-extra'), 'yes');
  });

  test('a declared size over the cap is refused without reading the body', async () => {
    assert.equal((await refusal(`${server.origin}/declared-large`, TESTING)).code, 'TOO_LARGE');
  });

  test('an undeclared stream is cut off as soon as it passes the cap', async () => {
    assert.equal((await refusal(`${server.origin}/endless`, TESTING)).code, 'TOO_LARGE');
  });

  test('a server that never answers runs into the overall timeout', async () => {
    const before = stalled;
    const error = await refusal(`${server.origin}/silent`, { ...TESTING, timeoutMs: 200 });
    assert.equal(error.code, 'TIMEOUT');
    assert.equal(stalled, before + 1);
  });

  test('a body that stops half-way runs into the overall timeout', async () => {
    assert.equal(
      (await refusal(`${server.origin}/slow-body`, { ...TESTING, timeoutMs: 200 })).code,
      'TIMEOUT',
    );
  });

  test('a non-2xx status is an HTTP_STATUS error carrying the status', async () => {
    const error = await refusal(`${server.origin}/missing`, TESTING);
    assert.equal(error.code, 'HTTP_STATUS');
    assert.equal(error.status, 404);
  });

  test('a content type the caller does not accept is refused', async () => {
    const error = await refusal(`${server.origin}/ok`, {
      ...TESTING,
      accept: (type) => type.startsWith('image/'),
    });
    assert.equal(error.code, 'BAD_CONTENT_TYPE');
  });

  test('a fetch cancelled from outside stops at once with NETWORK', async () => {
    const controller = new AbortController();
    const pending = refusal(`${server.origin}/silent`, {
      ...TESTING,
      timeoutMs: 5000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    const error = await pending;
    assert.equal(error.code, 'NETWORK');
    assert.match(error.message, /cancelled/);
    const already = await refusal(`${server.origin}/ok`, { ...TESTING, signal: AbortSignal.abort() });
    assert.equal(already.code, 'NETWORK');
  });

  test('a closed port is a NETWORK error', async () => {
    const closed = await startLoopbackHttps(() => undefined);
    await closed.close();
    assert.equal((await refusal(`${closed.origin}/`, TESTING)).code, 'NETWORK');
  });
});
