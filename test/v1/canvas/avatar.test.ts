import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { SafeFetchError } from '../../../src/lib/safe-fetch.js';
import {
  AVATAR_MAX_BYTES,
  clearAvatarCache,
  loadAvatar,
  prepareAvatar,
  safeAvatarFetcher,
} from '../../../src/v1/canvas/avatar.js';
import { type LoopbackServer, startLoopbackHttps } from '../../lib/safe-fetch/loopback-https.js';
import { samplePortrait } from './sample-images.js';

describe('prepareAvatar', () => {
  test('decodes PNG, JPEG, WebP and GIF into a 256×256 face and a small backdrop', async () => {
    for (const format of ['png', 'jpeg', 'webp', 'gif'] as const) {
      const images = await prepareAvatar(await samplePortrait(format));
      assert.equal(images.face.width, 256, format);
      assert.equal(images.face.height, 256, format);
      assert.ok(images.backdrop.width < 100, format);
    }
  });

  test('refuses SVG, text and truncated images', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const png = await samplePortrait('png');
    for (const bytes of [
      svg,
      Buffer.from('hello, not an image'),
      png.subarray(0, png.length / 2),
      Buffer.alloc(0),
    ]) {
      await assert.rejects(prepareAvatar(bytes));
    }
  });
});

describe('loadAvatar', () => {
  beforeEach(() => clearAvatarCache());

  test('no URL, no avatar', async () => {
    assert.deepEqual(await loadAvatar(undefined, async () => assert.fail('fetched')), { status: 'none' });
  });

  test('a refused fetch becomes a default avatar with the refusal as reason', async () => {
    const outcome = await loadAvatar('https://a.example/x.png', async () => {
      throw new SafeFetchError('FORBIDDEN_ADDRESS', 'no');
    });
    assert.deepEqual(outcome, { status: 'default', reason: 'FORBIDDEN_ADDRESS' });
  });

  test('bytes that are no image become a default avatar', async () => {
    const outcome = await loadAvatar('https://a.example/x.png', async () => Buffer.from('<html></html>'));
    assert.deepEqual(outcome, { status: 'default', reason: 'NOT_AN_IMAGE' });
  });

  test('an unexpected error is a NETWORK default, never a throw', async () => {
    const outcome = await loadAvatar('https://a.example/x.png', async () => {
      throw new Error('boom');
    });
    assert.deepEqual(outcome, { status: 'default', reason: 'NETWORK' });
  });

  test('a fetched avatar is kept for the next card, a failed one is not', async () => {
    let calls = 0;
    const portrait = await samplePortrait();
    const fetcher = async () => {
      calls++;
      return portrait;
    };
    assert.equal((await loadAvatar('https://a.example/ok.png', fetcher)).status, 'fetched');
    assert.equal((await loadAvatar('https://a.example/ok.png', fetcher)).status, 'fetched');
    assert.equal(calls, 1);
    const failing = async () => {
      calls++;
      throw new SafeFetchError('TIMEOUT', 'slow');
    };
    await loadAvatar('https://a.example/slow.png', failing);
    await loadAvatar('https://a.example/slow.png', failing);
    assert.equal(calls, 3);
  });
});

describe('safeAvatarFetcher', () => {
  let server: LoopbackServer;
  let portrait: Buffer;
  before(async () => {
    portrait = await samplePortrait();
    server = await startLoopbackHttps((req, res) => {
      if (req.url === '/page') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html></html>');
      } else if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.alloc(AVATAR_MAX_BYTES + 1));
      } else {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(portrait);
      }
    });
  });
  after(() => server.close());

  test('the production fetcher refuses a loopback server without connecting to it', async () => {
    await assert.rejects(safeAvatarFetcher()(`${server.origin}/a.png`), { code: 'FORBIDDEN_ADDRESS' });
    assert.equal(server.connections(), 0);
  });

  test('with the test switch it fetches the image from loopback', async () => {
    const bytes = await safeAvatarFetcher({ allowLoopbackForTests: true })(`${server.origin}/a.png`);
    assert.deepEqual(bytes, portrait);
  });

  test('a page that says it is HTML is turned away, as is anything above 2 MB', async () => {
    const fetcher = safeAvatarFetcher({ allowLoopbackForTests: true });
    await assert.rejects(fetcher(`${server.origin}/page`), { code: 'BAD_CONTENT_TYPE' });
    await assert.rejects(fetcher(`${server.origin}/huge`), { code: 'TOO_LARGE' });
  });
});
