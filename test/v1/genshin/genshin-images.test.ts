import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { scratchDirOf } from '../../../src/lib/storage/open-blob-store.js';
import { MediaStore } from '../../../src/media/media-store.js';
import { genshinRoster } from '../../../src/v1/genshin/characters.js';
import { GenshinImageService } from '../../../src/v1/genshin/genshin-image-service.js';
import { STAND_IN_SIZES } from '../../../src/v1/genshin/stand-in-card.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { type LoopbackServer, startLoopbackHttps } from '../../lib/safe-fetch/loopback-https.js';

// A stand-in for the hosts the data names (HoYoverse, the Fandom wiki): every picture path gets a
// small PNG of its own colour. Nothing here leaves the machine.
type Mode = 'ok' | 'down' | 'html' | 'slow';
let mode: Mode = 'ok';
const hits = new Map<string, number>();
const pictures = new Map<string, Buffer>();

async function pictureFor(path: string): Promise<Buffer> {
  let png = pictures.get(path);
  if (!png) {
    const [r, g, b] = createHash('sha256').update(path).digest();
    png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
    pictures.set(path, png);
  }
  return png;
}

let upstream: LoopbackServer;
let app: FastifyInstance;

before(async () => {
  upstream = await startLoopbackHttps((req, res) => {
    const path = new URL(req.url ?? '/', 'https://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (mode === 'down') {
      res.writeHead(503).end();
      return;
    }
    if (mode === 'html') {
      // Says it is a PNG; the magic bytes say otherwise.
      res.writeHead(200, { 'content-type': 'image/png' }).end('<html>a login page</html>');
      return;
    }
    void pictureFor(path).then((png) => {
      const send = () => res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      if (mode === 'slow') setTimeout(send, 150);
      else send();
    });
  });
  app = await buildTestApp({ allowLoopbackFetchForTests: true, genshinImageOriginForTests: upstream.origin });
});
after(() => upstream.close());

const roster = genshinRoster();
const pathOf = (name: string, kind: 'icon' | 'card' | 'portrait' | 'cover' | 'sideIcon' | 'avatar') => {
  const url = roster.find(name)?.images[kind];
  assert.ok(url, `${name} has a ${kind}`);
  return new URL(url).pathname;
};
const picture = (name: string, kind: string, remoteAddress = '203.0.113.9') =>
  app.inject({ url: `/api/v1/genshin/characters/${name}/images/${kind}`, remoteAddress });

describe('Genshin pictures on our own storage', () => {
  test('the first request stores the picture and redirects to its immutable URL; the file is public', async () => {
    mode = 'ok';
    const res = await picture('klee', 'icon');
    assert.equal(res.statusCode, 302, res.body);
    assert.equal(res.headers['x-image-status'], 'stored');
    const location = String(res.headers.location);
    assert.match(location, /^http:\/\/localhost:80\/api\/v1\/files\/[0-9a-f]{64}\.png$/);
    assert.equal(hits.get(pathOf('Klee', 'icon')), 1);

    // Served from our storage, to anyone, as the bytes upstream sent.
    const file = await app.inject({ url: new URL(location).pathname, remoteAddress: '203.0.113.9' });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'image/png');
    assert.match(String(file.headers['cache-control']), /immutable/);
    assert.deepEqual(file.rawPayload, await pictureFor(pathOf('Klee', 'icon')));

    // The character now names the stored file, and no other company's host anywhere.
    const klee = (await app.inject('/api/v1/genshin/characters/klee')).json();
    assert.equal(klee.images.icon, location);
    assert.equal(klee.images.card, 'http://localhost:80/api/v1/genshin/characters/klee/images/card');
    const all = (await app.inject('/api/v1/genshin/characters')).body;
    assert.doesNotMatch(all, /mihoyo|hoyoverse|hoyolab|wikia|nocookie/);
  });

  test('the second request is answered from the store without asking upstream', async () => {
    mode = 'ok';
    const first = await picture('klee', 'icon');
    const second = await picture('Klee', 'icon');
    assert.equal(second.statusCode, 302);
    assert.equal(second.headers.location, first.headers.location);
    assert.equal(hits.get(pathOf('Klee', 'icon')), 1);
  });

  test('requests that arrive together fetch the picture once', async () => {
    mode = 'slow';
    const answers = await Promise.all(Array.from({ length: 8 }, () => picture('hutao', 'card')));
    mode = 'ok';
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      Array(8).fill(302),
    );
    assert.equal(new Set(answers.map((a) => a.headers.location)).size, 1);
    assert.equal(hits.get(pathOf('Hu Tao', 'card')), 1);
  });

  test('upstream down: a PNG card of the right size stands in, kept briefly, and nothing is stored', async () => {
    mode = 'down';
    for (const kind of ['icon', 'cover'] as const) {
      const res = await picture('venti', kind);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['content-type'], 'image/png');
      assert.equal(res.headers['x-image-status'], 'stand-in; reason=upstream-status');
      assert.equal(res.headers['cache-control'], 'public, max-age=60');
      const meta = await sharp(res.rawPayload).metadata();
      assert.deepEqual(
        [meta.format, meta.width, meta.height],
        ['png', STAND_IN_SIZES[kind].width, STAND_IN_SIZES[kind].height],
      );
    }
    // Not asked again at once: the stand-in is served until the retry time.
    const before = hits.get(pathOf('Venti', 'icon'));
    assert.equal(
      (await picture('venti', 'icon')).headers['x-image-status'],
      'stand-in; reason=upstream-status',
    );
    assert.equal(hits.get(pathOf('Venti', 'icon')), before);
    const venti = (await app.inject('/api/v1/genshin/characters/venti')).json();
    assert.equal(venti.images.icon, 'http://localhost:80/api/v1/genshin/characters/venti/images/icon');
    mode = 'ok';
  });

  test('something that is not an image is refused by its magic bytes and a card stands in', async () => {
    mode = 'html';
    const res = await picture('xiao', 'icon');
    mode = 'ok';
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['x-image-status'], 'stand-in; reason=not-an-image');
  });

  test('a kind the data has no picture of is a 404, and an unknown kind a 400', async () => {
    assert.equal((await picture('manekin', 'card')).statusCode, 404);
    const bad = await picture('klee', 'banner');
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().detail, /icon, sideIcon, card, portrait, cover, avatar/);
  });

  test('the catalog states the data package, its count and elements, and how many pictures are stored', async () => {
    const { genshin } = (await app.inject('/api/v1/endpoints')).json();
    assert.equal(genshin.characters, roster.characters.length);
    assert.deepEqual(genshin.elements, roster.elements);
    assert.match(genshin.dataset, /^genshin-db \d+\.\d+\.\d+$/);
    assert.ok(genshin.images.stored >= 2);
  });
});

describe('the safe fetcher guards the Genshin pictures', () => {
  test('a picture host on a private address is never connected to; a card stands in', async () => {
    const guarded = await buildTestApp({ genshinImageOriginForTests: upstream.origin });
    const connections = upstream.connections();
    const res = await guarded.inject({ url: '/api/v1/genshin/characters/klee/images/portrait' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['x-image-status'], 'stand-in; reason=refused-address');
    assert.equal(upstream.connections(), connections);
    const { genshin } = (await guarded.inject('/api/v1/endpoints')).json();
    assert.equal(genshin.images.stored, 0);
  });
});

describe('GenshinImageService', () => {
  const klee = roster.find('Klee');
  assert.ok(klee);
  let clock = 0;
  const serviceWith = (fetchBytes: (url: string) => Promise<Buffer>, retryAfterMs: number) =>
    new GenshinImageService(
      app.db,
      new MediaStore(app.db, app.blobs, {
        ffmpegPath: app.config.ffmpegPath,
        scratchDir: scratchDirOf(app.config.dataDir, 'media'),
      }),
      { fetchBytes, retryAfterMs, cacheMs: 0, log: { warn: () => {} }, now: () => clock },
    );

  test('a failure is tried again once its time is up, and then stored', async () => {
    let calls = 0;
    let up = false;
    const service = serviceWith(async () => {
      calls++;
      if (!up) throw new Error('connection refused');
      return pictureFor('/retry/avatar.png');
    }, 60_000);
    const first = await service.image(klee, 'avatar');
    assert.equal(first?.status, 'stand-in');
    clock += 59_000;
    assert.equal((await service.image(klee, 'avatar'))?.status, 'stand-in');
    assert.equal(calls, 1, 'not asked again within the retry time');
    up = true;
    clock += 1000;
    const later = await service.image(klee, 'avatar');
    assert.equal(later?.status, 'stored');
    assert.equal(calls, 2);
  });

  test('two services (two instances) storing the same picture at once agree on one file', async () => {
    const bytes = await pictureFor('/two/sideIcon.png');
    const slow = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return bytes;
    };
    const [a, b] = await Promise.all([
      serviceWith(slow, 1000).image(klee, 'sideIcon'),
      serviceWith(slow, 1000).image(klee, 'sideIcon'),
    ]);
    assert.equal(a?.status, 'stored');
    assert.equal(b?.status, 'stored');
    assert.deepEqual(a?.status === 'stored' && a.file, b?.status === 'stored' && b.file);
    const rows = await app.db
      .selectFrom('genshin_images')
      .selectAll()
      .where('character_id', '=', klee.id)
      .where('kind', '=', 'sideIcon')
      .execute();
    assert.equal(rows.length, 1);
  });
});
