import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { LOGO_MAX_SIDE, reencodeLogo } from '../../../src/directory/groups/logo-image.js';
import { Problem } from '../../../src/lib/problem.js';
import { imageBytes, SVG } from './group-fixtures.js';

async function refusal(bytes: Buffer): Promise<Problem> {
  try {
    await reencodeLogo(bytes);
  } catch (error) {
    assert.ok(error instanceof Problem);
    return error;
  }
  assert.fail('expected a refusal');
}

describe('reencodeLogo', () => {
  for (const [format, extension] of [
    ['png', 'png'],
    ['jpeg', 'jpg'],
    ['webp', 'webp'],
    ['gif', 'gif'],
  ] as const) {
    test(`re-encodes ${format} as ${extension}`, async () => {
      const logo = await reencodeLogo(await imageBytes(format));
      assert.equal(logo.extension, extension);
      assert.deepEqual([logo.width, logo.height], [64, 48]);
      const meta = await sharp(logo.data).metadata();
      assert.equal(meta.format, format === 'jpeg' ? 'jpeg' : format);
    });
  }

  test('scales a large image down to fit the bound, keeping its aspect', async () => {
    const logo = await reencodeLogo(await imageBytes('png', 2000, 1000));
    assert.deepEqual([logo.width, logo.height], [LOGO_MAX_SIDE, LOGO_MAX_SIDE / 2]);
  });

  test('keeps an animated GIF animated, every frame scaled', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 800, height: 600, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#f00'), await frame('#00f'), await frame('#0f0')], {
      join: { animated: true },
    })
      .gif({ delay: [100, 100, 100] })
      .toBuffer();
    const logo = await reencodeLogo(gif);
    assert.deepEqual([logo.extension, logo.width, logo.height], ['gif', 512, 384]);
    const meta = await sharp(logo.data, { animated: true }).metadata();
    assert.deepEqual([meta.pages, meta.pageHeight], [3, 384]);
  });

  test('drops EXIF metadata', async () => {
    const withExif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'GPS here' } })
      .toBuffer();
    assert.ok((await sharp(withExif).metadata()).exif);
    const logo = await reencodeLogo(withExif);
    assert.equal((await sharp(logo.data).metadata()).exif, undefined);
    assert.ok(!logo.data.includes(Buffer.from('secret-owner')));
  });

  test('SVG is refused with 415 naming the logo', async () => {
    const problem = await refusal(SVG);
    assert.equal(problem.status, 415);
    assert.deepEqual(
      problem.errors?.map((e) => e.field),
      ['logo'],
    );
  });

  test('random bytes and text are refused with 415', async () => {
    assert.equal((await refusal(Buffer.from('hello, not an image'))).status, 415);
    assert.equal((await refusal(Buffer.alloc(1000, 7))).status, 415);
  });

  test('a truncated image of any accepted kind is refused with 400 naming the logo', async () => {
    for (const format of ['png', 'jpeg', 'webp', 'gif'] as const) {
      const bytes = await imageBytes(format, 300, 300);
      const problem = await refusal(bytes.subarray(0, Math.floor(bytes.length / 2)));
      assert.equal(problem.status, 400, format);
      assert.deepEqual(
        problem.errors?.map((e) => e.field),
        ['logo'],
      );
    }
  });
});
