import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import sharp from 'sharp';
import { parseHex } from '../../../src/lib/colour.js';
import { type AvatarImages, prepareAvatar } from '../../../src/v1/canvas/avatar.js';
import type { CardData, CardType } from '../../../src/v1/canvas/card-data.js';
import { defaultAvatar } from '../../../src/v1/canvas/default-avatar.js';
import { drawCard } from '../../../src/v1/canvas/render-card.js';
import { samplePortrait } from './sample-images.js';

/**
 * Golden images: each design is drawn from fixed inputs and compared, pixel by pixel with a
 * tolerance, to the PNG in test/fixtures/canvas/. After an intended change of a design, look at
 * the new cards and regenerate them with:  UPDATE_GOLDEN=1 npm test -- test/v1/canvas/golden
 */
const FIXTURES = join(import.meta.dirname, '../../fixtures/canvas');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
/** A channel may differ by this much (anti-aliasing, a different CPU's rounding) … */
const CHANNEL_TOLERANCE = 24;
/** … and this share of pixels may differ by more. */
const PIXEL_SHARE_TOLERANCE = 0.005;

interface Pixels {
  width: number;
  height: number;
  rgba: Buffer;
}

function differingShare(a: Pixels, b: Pixels): number {
  assert.deepEqual([a.width, a.height], [b.width, b.height], 'the card has the size of its golden image');
  let differing = 0;
  for (let i = 0; i < a.rgba.length; i += 4) {
    for (let c = 0; c < 4; c++) {
      if (Math.abs(a.rgba[i + c] - b.rgba[i + c]) > CHANNEL_TOLERANCE) {
        differing++;
        break;
      }
    }
  }
  return differing / (a.width * a.height);
}

async function golden(name: string, pixels: Pixels): Promise<void> {
  const file = join(FIXTURES, `${name}.png`);
  const raw = { raw: { width: pixels.width, height: pixels.height, channels: 4 as const } };
  if (UPDATE || !existsSync(file)) {
    assert.ok(UPDATE, `${file} is missing: run UPDATE_GOLDEN=1 npm test -- test/v1/canvas/golden`);
    mkdirSync(FIXTURES, { recursive: true });
    await sharp(pixels.rgba, raw).png({ compressionLevel: 9 }).toFile(file);
    return;
  }
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const share = differingShare(pixels, { width: info.width, height: info.height, rgba: data });
  assert.ok(
    share <= PIXEL_SHARE_TOLERANCE,
    `${name}: ${(share * 100).toFixed(2)}% of the pixels differ from ${file}`,
  );
}

describe('card golden images', () => {
  let avatar: AvatarImages;
  before(async () => {
    avatar = await prepareAvatar(await samplePortrait());
  });

  const latin = (type: CardType): CardData => ({
    name: 'Aki Kurosawa',
    level: 27,
    xp: 1340,
    needed: 2000,
    rank: 4,
    accent: parseHex({ xp: '8b5cf6', me: 'f472b6', levelup: 'f59e0b', ai: '22d3ee' }[type]) ?? {
      r: 0,
      g: 0,
      b: 0,
    },
    face: defaultAvatar('Aki Kurosawa'),
  });
  const japanese = (): CardData => ({
    name: '桜井さくら 🌸✨',
    level: 108,
    xp: 48_200,
    needed: 61_000,
    rank: 1,
    accent: { r: 0x10, g: 0xb9, b: 0x81 },
    face: avatar.face,
    backdrop: avatar.backdrop,
  });

  for (const type of ['xp', 'me', 'levelup', 'ai'] as const) {
    test(`${type}, Latin name and the default avatar, matches its golden image`, async () => {
      await golden(`${type}-default-avatar`, drawCard(type, latin(type)));
    });
    test(`${type}, Japanese and emoji name with an avatar, matches its golden image`, async () => {
      await golden(`${type}-japanese-avatar`, drawCard(type, japanese()));
    });
  }

  test('the comparison notices a different name (the tolerance is not blind)', () => {
    const a = drawCard('xp', latin('xp'));
    const b = drawCard('xp', { ...latin('xp'), name: 'Someone Else' });
    assert.ok(differingShare(a, b) > PIXEL_SHARE_TOLERANCE);
  });

  test('drawing the same card twice gives the same pixels', () => {
    for (const type of ['xp', 'me', 'levelup', 'ai'] as const) {
      assert.deepEqual(drawCard(type, japanese()).rgba, drawCard(type, japanese()).rgba, type);
    }
  });
});
