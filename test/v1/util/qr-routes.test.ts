import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import jsqr from 'jsqr';
import sharp from 'sharp';
import { assertBadRequest } from '../../helpers/assert-problem.js';
import { buildTestApp } from '../../helpers/test-app.js';

let app: FastifyInstance;
before(async () => {
  app = await buildTestApp({ rateLimitPerMinute: 100_000 });
});
const get = (query: Record<string, string>) => app.inject({ method: 'GET', url: '/api/v1/util/qr', query });

// jsqr is CommonJS with an ES-style default export; under NodeNext the function sits on .default.
const jsQR = jsqr.default;

/** Reads a PNG's pixels with sharp and decodes the QR code in them with jsQR. */
async function decodePng(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)
    ?.data;
}

describe('GET /api/v1/util/qr', () => {
  it('answers with an SVG by default', async () => {
    const response = await get({ text: 'https://kizuna.example/groups' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^image\/svg\+xml/);
    assert.match(response.body, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.match(response.body, /<\/svg>\s*$/);
  });
  it('answers with a PNG for format=png that decodes back to the text', async () => {
    const text = 'Kizuna – Grüße aus Berlin! 1234';
    const response = await get({ text, format: 'png' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'image/png');
    assert.deepEqual(
      [...response.rawPayload.subarray(0, 8)],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    );
    assert.equal(await decodePng(response.rawPayload), text);
  });
  it('takes 1500 characters, and they decode back; 1501 are refused', async () => {
    const text = 'Q'.repeat(700) + 'https://kizuna.example/'.repeat(40).slice(0, 800);
    assert.equal(text.length, 1500);
    const response = await get({ text, format: 'png' });
    assert.equal(response.statusCode, 200);
    assert.equal(await decodePng(response.rawPayload), text);
    assertBadRequest(await get({ text: `${text}x` }), 'text');
  });
  it('refuses 1500 characters that need more bytes than a QR code holds, naming text', async () => {
    assertBadRequest(await get({ text: '日'.repeat(1500), format: 'png' }), 'text');
  });
  it('refuses an empty or missing text and an unknown format', async () => {
    assertBadRequest(await get({ text: '' }), 'text');
    assertBadRequest(await app.inject({ url: '/api/v1/util/qr' }), 'text');
    assertBadRequest(await get({ text: 'x', format: 'gif' }), 'format');
  });
});
