import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { clearAvatarCache } from '../../../src/v1/canvas/avatar.js';
import { assertBadRequest } from '../../helpers/assert-problem.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { spyOnConnections, stubDns } from '../../lib/safe-fetch/connection-spy.js';
import { type LoopbackServer, startLoopbackHttps } from '../../lib/safe-fetch/loopback-https.js';
import { samplePortrait } from './sample-images.js';

const card = (app: FastifyInstance, path: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/v1/canvas/${path}`, headers });

const SIZES = { xp: [934, 282], me: [800, 440], levelup: [800, 260], ai: [934, 282] } as const;

describe('GET /api/v1/canvas/:type', () => {
  let app: FastifyInstance;
  let images: LoopbackServer;
  let portrait: Buffer;

  before(async () => {
    app = await buildTestApp({ allowLoopbackFetchForTests: true });
    portrait = await samplePortrait();
    images = await startLoopbackHttps((req, res) => {
      switch (req.url) {
        case '/missing.png':
          res.writeHead(404);
          res.end();
          return;
        case '/page':
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end('<html>no image here</html>');
          return;
        case '/lies.png':
          res.writeHead(200, { 'content-type': 'image/png' });
          res.end('this is not a png at all');
          return;
        case '/huge.png':
          res.writeHead(200, { 'content-type': 'image/png' });
          res.end(Buffer.alloc(3 * 1024 * 1024, 7));
          return;
        default:
          res.writeHead(200, { 'content-type': 'image/png' });
          res.end(portrait);
      }
    });
  });
  after(() => images.close());

  for (const [type, [width, height]] of Object.entries(SIZES)) {
    test(`${type}: a PNG of ${width}×${height} with a strong ETag and cache headers`, async () => {
      const res = await card(app, `${type}?name=Aki&level=12&xp=40&needed=100&rank=3`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'image/png');
      assert.match(String(res.headers.etag), /^"[A-Za-z0-9_-]+"$/);
      assert.equal(res.headers['cache-control'], 'public, max-age=600');
      assert.equal(res.headers['x-avatar-status'], 'none');
      const meta = await sharp(res.rawPayload).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['png', width, height]);
    });
  }

  test('the same parameters give the same bytes and ETag; other parameters other ones', async () => {
    const first = await card(app, 'xp?name=Aki&level=12&accent=%23ff0066');
    const second = await card(app, 'xp?name=Aki&level=12&accent=%23ff0066');
    assert.deepEqual(second.rawPayload, first.rawPayload);
    assert.equal(second.headers.etag, first.headers.etag);
    const other = await card(app, 'xp?name=Aki&level=13&accent=%23ff0066');
    assert.notEqual(other.headers.etag, first.headers.etag);
  });

  test('If-None-Match with the current tag answers 304 without a body; a stale tag gets the card', async () => {
    const first = await card(app, 'me?name=Aki&level=5');
    const etag = String(first.headers.etag);
    const again = await card(app, 'me?name=Aki&level=5', { 'if-none-match': etag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.rawPayload.length, 0);
    assert.equal(again.headers.etag, etag);
    const stale = await card(app, 'me?name=Aki&level=5', { 'if-none-match': '"old"' });
    assert.equal(stale.statusCode, 200);
  });

  test('Japanese and emoji names up to 32 characters render', async () => {
    for (const name of ['桜'.repeat(32), 'さくら🌸', '🔥'.repeat(32), 'Zoë Ångström']) {
      const res = await card(app, `xp?name=${encodeURIComponent(name)}&level=1`);
      assert.equal(res.statusCode, 200, name);
    }
  });

  test('an unknown type is a 400 that lists the valid ones', async () => {
    const res = await card(app, 'rank?name=Aki&level=1');
    assert.equal(res.statusCode, 400);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    const body = res.json();
    assert.equal(body.errors[0].field, 'type');
    assert.match(body.errors[0].message, /xp, me, levelup, ai/);
  });

  const BAD: Array<[string, string]> = [
    ['level=1', 'name'],
    ['name=&level=1', 'name'],
    ['name=%20%20&level=1', 'name'],
    [`name=${'a'.repeat(33)}&level=1`, 'name'],
    [`name=${encodeURIComponent('桜'.repeat(33))}&level=1`, 'name'],
    ['name=a%07b&level=1', 'name'],
    ['name=a&name=b&level=1', 'name'],
    ['name=Aki', 'level'],
    ['name=Aki&level=-1', 'level'],
    ['name=Aki&level=10000', 'level'],
    ['name=Aki&level=abc', 'level'],
    ['name=Aki&level=1.5', 'level'],
    ['name=Aki&level=1&xp=-5', 'xp'],
    ['name=Aki&level=1&xp=lots', 'xp'],
    ['name=Aki&level=1&needed=0', 'needed'],
    ['name=Aki&level=1&rank=0', 'rank'],
    ['name=Aki&level=1&rank=1.5', 'rank'],
    ['name=Aki&level=1&accent=red', 'accent'],
    ['name=Aki&level=1&accent=%2312345', 'accent'],
    ['name=Aki&level=1&avatar=nope', 'avatar'],
    ['name=Aki&level=1&avatar=http%3A%2F%2Fcdn.example.com%2Fa.png', 'avatar'],
    ['name=Aki&level=1&avatar=file%3A%2F%2F%2Fetc%2Fpasswd', 'avatar'],
  ];
  for (const [query, field] of BAD) {
    test(`400 naming ${field} for ${query}`, async () => {
      assertBadRequest(await card(app, `xp?${query}`), field);
    });
  }

  test('an avatar fetched from the (test-allowed) loopback server is drawn', async () => {
    clearAvatarCache();
    const plain = await card(app, 'xp?name=Aki&level=3');
    const res = await card(
      app,
      `xp?name=Aki&level=3&avatar=${encodeURIComponent(`${images.origin}/me.png`)}`,
    );
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['x-avatar-status'], 'fetched');
    assert.notDeepEqual(res.rawPayload, plain.rawPayload);
  });

  const FAILURES: Array<[string, string]> = [
    ['/missing.png', 'HTTP_STATUS'],
    ['/page', 'BAD_CONTENT_TYPE'],
    ['/lies.png', 'NOT_AN_IMAGE'],
    ['/huge.png', 'TOO_LARGE'],
  ];
  for (const [path, reason] of FAILURES) {
    test(`an avatar failing with ${reason} is replaced by the default one and the card still renders`, async () => {
      const plain = await card(app, 'levelup?name=Aki&level=3');
      const res = await card(
        app,
        `levelup?name=Aki&level=3&avatar=${encodeURIComponent(images.origin + path)}`,
      );
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['x-avatar-status'], `default; reason=${reason}`);
      // The avatar may be back in a minute: the stand-in card is not cached for the usual ten.
      assert.equal(res.headers['cache-control'], 'public, max-age=30');
      // The default avatar is exactly what a card without an avatar shows.
      assert.deepEqual(res.rawPayload, plain.rawPayload);
    });
  }

  test('an avatar host that does not resolve gets the default avatar', async () => {
    const res = await card(app, 'ai?name=Aki&level=3&avatar=https%3A%2F%2Fnothing.invalid%2Fa.png');
    assert.equal(res.statusCode, 200);
    // Without any resolver (offline CI) the lookup may also run into the 5 s bound instead.
    assert.match(String(res.headers['x-avatar-status']), /^default; reason=(NETWORK|TIMEOUT)$/);
  });
});

describe('GET /api/v1/canvas/:type on the production fetch path', () => {
  let app: FastifyInstance;
  let target: LoopbackServer;
  before(async () => {
    app = await buildTestApp();
    const portrait = await samplePortrait();
    target = await startLoopbackHttps((_req, res) => res.end(portrait));
  });
  after(() => target.close());

  for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]', '[::1]']) {
    test(`an avatar on ${host} is refused, never connected to, and the default drawn`, async () => {
      clearAvatarCache();
      const url = `https://${host}:${target.port}/a.png`;
      const res = await card(app, `xp?name=Aki&level=3&avatar=${encodeURIComponent(url)}`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['x-avatar-status'], 'default; reason=FORBIDDEN_ADDRESS');
      assert.equal(target.connections(), 0);
    });
  }

  test('private and link-local avatar addresses, literal or behind a name, are refused without a connection attempt', async () => {
    clearAvatarCache();
    const dns = stubDns({ 'avatars.intranet.example': ['10.20.30.40'], 'cdn.lan.example': ['192.168.7.7'] });
    const spy = spyOnConnections();
    const statuses: string[] = [];
    const urls = [
      'https://10.1.2.3/a.png',
      'https://192.168.0.10/a.png',
      'https://172.16.5.4/a.png',
      'https://169.254.169.254/a.png',
      'https://[fe80::1]/a.png',
      'https://avatars.intranet.example/a.png',
      'https://cdn.lan.example/a.png',
    ];
    try {
      for (const url of urls) {
        const res = await card(app, `me?name=Aki&level=3&avatar=${encodeURIComponent(url)}`);
        assert.equal(res.statusCode, 200, url);
        statuses.push(String(res.headers['x-avatar-status']));
      }
    } finally {
      spy.restore();
      dns.restore();
    }
    assert.deepEqual(spy.attempts, []);
    assert.deepEqual(
      statuses,
      urls.map(() => 'default; reason=FORBIDDEN_ADDRESS'),
    );
  });
});

describe('GET /api/v1/canvas/:type avatar redirects', () => {
  let app: FastifyInstance;
  let hidden: LoopbackServer;
  let front: LoopbackServer;
  before(async () => {
    app = await buildTestApp({ allowLoopbackFetchForTests: true });
    const portrait = await samplePortrait();
    hidden = await startLoopbackHttps((_req, res) => res.end(portrait));
    front = await startLoopbackHttps((req, res) => {
      const location =
        req.url === '/to-metadata'
          ? 'https://169.254.169.254/latest/meta-data/'
          : `https://[::ffff:127.0.0.1]:${hidden.port}/a.png`;
      res.writeHead(302, { location });
      res.end();
    });
  });
  after(async () => {
    await front.close();
    await hidden.close();
  });

  test('a redirect into a refused address is not followed: the default avatar is drawn', async () => {
    clearAvatarCache();
    for (const path of ['/to-mapped-loopback', '/to-metadata']) {
      const res = await card(app, `xp?name=Aki&level=3&avatar=${encodeURIComponent(front.origin + path)}`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['x-avatar-status'], 'default; reason=FORBIDDEN_ADDRESS', path);
    }
    assert.equal(hidden.connections(), 0);
  });
});
