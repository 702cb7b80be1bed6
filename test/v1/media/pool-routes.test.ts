import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { ringSize } from '../../../src/media/pick.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { gif, png, storeOf } from '../../media/fixtures.js';

const REMOTE = '203.0.113.7';
const RESUMER = '198.51.100.40';
const run = promisify(execFile);

const hasCurl = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('media pools', () => {
  let app: FastifyInstance;
  let menuFiles: Buffer[];

  before(async () => {
    app = await buildTestApp({ privatePools: ['backstage', 'kiss'], rateLimitPerMinute: 100_000 });
    const store = storeOf(app);
    menuFiles = await Promise.all([1, 2, 3, 4].map((i) => png(100 + i)));
    for (const bytes of menuFiles) await store.addBuffer('menu', bytes);
    for (const i of [1, 2, 3, 4, 5, 6, 7, 8]) await store.addBuffer('sleep', await gif(200 + i));
    await store.addBuffer('backstage', await png(300));
    await store.addBuffer('kiss', await gif(301));
  });

  it('GET /media/categories lists the public pools with live counts, private ones left out', async () => {
    const res = await app.inject({ url: '/api/v1/media/categories' });
    assert.equal(res.statusCode, 200);
    const byName = Object.fromEntries(res.json().categories.map((c: { name: string }) => [c.name, c]));
    assert.deepEqual(Object.keys(byName).sort(), ['canvas', 'menu', 'menuvid', 'sleep']);
    assert.equal(byName.menu.count, 4);
    assert.equal(byName.menu.status, 'ok');
    assert.equal(byName.sleep.count, 8);
    assert.equal(byName.menuvid.count, 0);
    assert.equal(byName.menuvid.status, 'empty');
    // DEMO_CONTENT is off here: ffmpeg has nothing to do with it, and the note says so.
    assert.doesNotMatch(byName.menuvid.note, /ffmpeg/);
    assert.match(byName.menuvid.note, /demo content is off/);
    assert.match(byName.menuvid.note, /npm run media -- import menuvid/);
  });

  it('GET /media/:category gives a JSON pick with an absolute, immutable url', async () => {
    const res = await app.inject({ url: '/api/v1/media/menu' });
    assert.equal(res.statusCode, 200);
    const pick = res.json();
    assert.equal(pick.category, 'menu');
    assert.equal(pick.mime, 'image/png');
    assert.match(pick.url, /^http:\/\/[^/]+\/api\/v1\/files\/[0-9a-f]{64}\.png$/);
    assert.equal(res.headers['cache-control'], 'no-store');
    const file = await app.inject({ url: new URL(pick.url).pathname });
    assert.equal(file.statusCode, 200);
    assert.equal(file.rawPayload.length, pick.size);
  });

  it('raw=1 returns the bytes of a pool file, Range included', async () => {
    const res = await app.inject({ url: '/api/v1/media/menu?raw=1' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'image/png');
    assert.ok(menuFiles.some((bytes) => bytes.equals(res.rawPayload)));
    assert.match(String(res.headers['content-location']), /\/api\/v1\/files\/[0-9a-f]{64}\.png$/);
    assert.equal(res.headers['cache-control'], 'no-store');
    const part = await app.inject({ url: '/api/v1/media/menu?raw=true', headers: { range: 'bytes=0-7' } });
    assert.equal(part.statusCode, 206);
    assert.deepEqual(part.rawPayload, menuFiles[0].subarray(0, 8));
    const beyond = await app.inject({
      url: '/api/v1/media/menu?raw=1',
      headers: { range: 'bytes=100000000-' },
    });
    assert.equal(beyond.statusCode, 416);
  });

  it('raw=1 resumed with a Range past the PNG signature continues the same file, every time', async () => {
    for (let round = 0; round < 6; round++) {
      const first = await app.inject({ url: '/api/v1/media/menu?raw=1', remoteAddress: RESUMER });
      assert.equal(first.statusCode, 200);
      // What `curl -C -` sends after an interruption at byte 40: the same URL, the rest of the bytes.
      const rest = await app.inject({
        url: '/api/v1/media/menu?raw=1',
        remoteAddress: RESUMER,
        headers: { range: 'bytes=40-' },
      });
      assert.equal(rest.statusCode, 206, rest.body);
      assert.equal(rest.headers['content-location'], first.headers['content-location']);
      assert.equal(
        rest.headers['content-range'],
        `bytes 40-${first.rawPayload.length - 1}/${first.rawPayload.length}`,
      );
      const joined = Buffer.concat([first.rawPayload.subarray(0, 40), rest.rawPayload]);
      assert.deepEqual(joined, first.rawPayload, `round ${round}: the resumed bytes belong to another file`);
      assert.ok(menuFiles.some((bytes) => bytes.equals(joined)));
    }
  });

  it('raw=1 with If-Range naming a file of the pool serves exactly that file', async () => {
    const wanted = menuFiles[2];
    const sha256 = createHash('sha256').update(wanted).digest('hex');
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({
        url: '/api/v1/media/menu?raw=1',
        remoteAddress: '198.51.100.41',
        headers: { range: 'bytes=50-', 'if-range': `"${sha256}"` },
      });
      assert.equal(res.statusCode, 206);
      assert.deepEqual(res.rawPayload, wanted.subarray(50));
    }
  });

  it('raw=1 resuming without a known file gets a whole new file (200), never foreign bytes', async () => {
    const res = await app.inject({
      url: '/api/v1/media/menu?raw=1',
      remoteAddress: '198.51.100.42',
      headers: { range: 'bytes=40-' },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-range'], undefined);
    assert.ok(menuFiles.some((bytes) => bytes.equals(res.rawPayload)));
  });

  it('raw=1 with a Range from byte 0 is a new download: a new pick, by the ring', async () => {
    const client = '198.51.100.43';
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await app.inject({
        url: '/api/v1/media/menu?raw=1',
        remoteAddress: client,
        headers: { range: 'bytes=0-' },
      });
      assert.equal(res.statusCode, 206);
      const location = String(res.headers['content-location']);
      // The ring of a 4-file pool holds 2: a fresh pick differs from the last two.
      assert.ok(!seen.slice(-2).includes(location), `pick ${i} repeats a recent file`);
      seen.push(location);
    }
  });

  it('curl -L -C - of a raw=1 URL puts together one intact file', {
    skip: !hasCurl && 'curl is not installed',
  }, async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const target = `${address}/api/v1/media/menu?raw=1`;
    const dir = mkdtempSync(join(tmpdir(), 'kizuna-curl-'));
    try {
      const out = join(dir, 'menu.png');
      const curl = (...args: string[]) =>
        run('curl', ['--silent', '--show-error', '--noproxy', '*', '-L', ...args, '-o', out, target]);
      await curl();
      const whole = readFileSync(out);
      // An interrupted download: the first 40 bytes arrived.
      writeFileSync(out, whole.subarray(0, 40));
      await curl('-C', '-');
      assert.deepEqual(readFileSync(out), whole);
      assert.ok(menuFiles.some((bytes) => bytes.equals(whole)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the ring: no repeat of the last min(n/2, 16) picks for the same client', async () => {
    const k = ringSize(8);
    const seen: string[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await app.inject({ url: '/api/v1/media/sleep', remoteAddress: '198.51.100.20' });
      const { sha256 } = res.json();
      assert.ok(!seen.slice(-k).includes(sha256), `pick ${i} repeats one of the last ${k}`);
      seen.push(sha256);
    }
    assert.ok(new Set(seen).size > k);
  });

  it('the ring is per client: another address is not held back by the first one', async () => {
    // With 4 items and a ring of 2, one client cycles through at least 3 distinct files in 3 picks.
    const picks = async (remoteAddress: string) => {
      const out: string[] = [];
      for (let i = 0; i < 3; i++)
        out.push((await app.inject({ url: '/api/v1/media/menu', remoteAddress })).json().sha256);
      return out;
    };
    for (const address of ['198.51.100.30', '198.51.100.31'])
      assert.equal(new Set(await picks(address)).size, 3);
  });

  it('a private pool answers on loopback only', async () => {
    const local = await app.inject({ url: '/api/v1/media/backstage' });
    assert.equal(local.statusCode, 200);
    assert.equal(local.json().category, 'backstage');
    const remote = await app.inject({ url: '/api/v1/media/backstage', remoteAddress: REMOTE });
    assert.equal(remote.statusCode, 404);
    const forwarded = await app.inject({
      url: '/api/v1/media/backstage',
      headers: { 'x-forwarded-for': REMOTE },
    });
    assert.equal(forwarded.statusCode, 404);
    const raw = await app.inject({ url: '/api/v1/media/backstage?raw=1', remoteAddress: REMOTE });
    assert.equal(raw.statusCode, 404);
    // Indistinguishable from a pool that does not exist: status, headers and words.
    const missing = await app.inject({ url: '/api/v1/media/nosuchpool', remoteAddress: REMOTE });
    const body = (res: typeof remote, name: string) => JSON.parse(res.body.replaceAll(name, '<pool>'));
    for (const res of [remote, forwarded, raw]) {
      assert.equal(res.headers['content-type'], missing.headers['content-type']);
      assert.deepEqual(body(res, 'backstage'), body(missing, 'nosuchpool'));
    }
    assert.equal(remote.json().detail, missing.json().detail.replace('nosuchpool', 'backstage'));
  });

  it('a public name made private disappears from every public route', async () => {
    for (const url of ['/api/v1/media/kiss', '/api/v1/kiss', '/api/v1/anime/kiss']) {
      assert.equal((await app.inject({ url, remoteAddress: REMOTE })).statusCode, 404, url);
    }
    assert.equal((await app.inject({ url: '/api/v1/media/kiss' })).statusCode, 200);
    const catalog = (await app.inject({ url: '/api/v1/endpoints', remoteAddress: REMOTE })).json();
    const names = catalog.categories.map((c: { name: string }) => c.name);
    assert.ok(!names.includes('kiss'));
    assert.ok(!JSON.stringify(catalog).includes('backstage'));
  });

  it('unknown and badly named pools', async () => {
    const unknown = await app.inject({ url: '/api/v1/media/neko' });
    assert.equal(unknown.statusCode, 404);
    assert.match(unknown.json().detail, /media\/categories/);
    const bad = await app.inject({ url: '/api/v1/media/NOT_OK!' });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().errors[0].field, 'category');
    const empty = await app.inject({ url: '/api/v1/media/canvas' });
    assert.equal(empty.statusCode, 404);
    const badRaw = await app.inject({ url: '/api/v1/media/menu?raw=yes' });
    assert.equal(badRaw.statusCode, 400);
    assert.equal(badRaw.json().errors[0].field, 'raw');
  });

  it('GET /endpoints lists the pools with counts', async () => {
    const catalog = (await app.inject({ url: '/api/v1/endpoints' })).json();
    const menu = catalog.pools.find((p: { name: string }) => p.name === 'menu');
    assert.equal(menu.count, 4);
  });
});

describe('private pools with OPERATOR_TOKEN (deployments behind a relay that adds no forwarding header)', () => {
  const TOKEN = 'operator-token-for-tests-0123456789abcdef';

  it('lets the bearer of the token in from anywhere, and nobody without it, loopback included', async () => {
    const app = await buildTestApp({ privatePools: ['backstage'], operatorToken: TOKEN });
    const file = await storeOf(app).addBuffer('backstage', await png(310));
    const pool = (remoteAddress: string, authorization?: string) =>
      app.inject({
        url: '/api/v1/media/backstage',
        remoteAddress,
        headers: authorization ? { authorization } : {},
      });
    assert.equal((await pool(REMOTE, `Bearer ${TOKEN}`)).statusCode, 200);
    assert.equal((await pool('127.0.0.1')).statusCode, 404, 'a relay makes everyone look local');
    assert.equal((await pool(REMOTE, `Bearer ${TOKEN}x`)).statusCode, 404);
    assert.equal((await pool(REMOTE, `Basic ${TOKEN}`)).statusCode, 404);
    const fileUrl = `/api/v1/files/${file.sha256}.${file.ext}`;
    assert.equal((await app.inject({ url: fileUrl, remoteAddress: '127.0.0.1' })).statusCode, 404);
    const withToken = await app.inject({
      url: fileUrl,
      remoteAddress: REMOTE,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    assert.equal(withToken.statusCode, 200);
  });
});
