import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import jsqr from 'jsqr';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { renderQr } from '../../../src/v1/util/qr.js';
import { matrixToPng } from '../../../src/v1/util/qr-png.js';
import { assertBadField } from '../../helpers/assert-problem.js';

// jsqr is CommonJS with an ES-style default export; under NodeNext the function sits on .default.
const jsQR = jsqr.default;

async function decodePng(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)
    ?.data;
}

describe('matrixToPng', () => {
  it('paints each module as a scale × scale square inside a white quiet zone', async () => {
    const { modules } = QRCode.create('Kizuna', { errorCorrectionLevel: 'M' });
    const png = await matrixToPng(modules, 8, 4);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    assert.equal(info.width, (modules.size + 8) * 8);
    assert.equal(info.height, info.width);
    const pixel = (x: number, y: number) => data[(y * info.width + x) * info.channels];
    assert.equal(pixel(0, 0), 255); // quiet zone
    assert.equal(pixel(32, 32), 0); // top-left module, the corner of a finder pattern
    assert.equal(pixel(39, 39), 0);
    assert.equal(pixel(40, 40), 255); // the finder pattern's white ring
  });
});

describe('renderQr', () => {
  it('gives an SVG document by default', async () => {
    const svg = await renderQr('hello', 'svg');
    assert.equal(typeof svg, 'string');
    assert.match(String(svg), /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });
  it('gives PNGs that decode back to the text, in any script', async () => {
    for (const text of ['hello', 'Grüße, Straße', 'こんにちは 🌸', 'https://kizuna.example/?a=1&b=2']) {
      const png = await renderQr(text, 'png');
      assert.ok(Buffer.isBuffer(png));
      assert.equal(await decodePng(png), text);
    }
  });
  it('falls back to error correction L for long texts, which still decode', async () => {
    const text = 'ä'.repeat(1400); // 2,800 bytes: more than level M holds
    assert.throws(() => QRCode.create(text, { errorCorrectionLevel: 'M' }));
    assert.equal(await decodePng((await renderQr(text, 'png')) as Buffer), text);
  });
  it('refuses text beyond what any QR code holds, naming text', async () => {
    await assert.rejects(renderQr('ä'.repeat(1500), 'png'), (error) => {
      assertBadField(() => {
        throw error;
      }, 'text');
      return true;
    });
  });
});
