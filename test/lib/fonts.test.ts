import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { FONT, font, registerCardFonts } from '../../src/lib/fonts.js';

/** The pixels of one character drawn alone in our stack, as a string to compare. */
function pixelsOf(character: string, weight: 400 | 800): string {
  const canvas = createCanvas(64, 64);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 64, 64);
  ctx.fillStyle = '#000';
  ctx.font = font(weight, 40);
  ctx.fillText(character, 4, 48);
  return Buffer.from(ctx.getImageData(0, 0, 64, 64).data).toString('base64');
}

// A code point no font has: whatever it draws is what a missing glyph looks like.
const MISSING = '\u{10FFFD}';

describe('card fonts', () => {
  test('are registered from npm packages and named in the stack', () => {
    registerCardFonts();
    for (const family of ['Outfit', 'M PLUS Rounded 1c', 'Noto Sans KR', 'Noto Color Emoji', 'DejaVu Sans'])
      assert.ok(FONT.stack.includes(family), family);
  });

  const samples = {
    Latin: 'Kizuna',
    'accented Latin': 'ÄöŞ',
    Japanese: 'さクラ絆',
    Korean: '한국어',
    Cyrillic: 'Жд',
    Greek: 'Ωλ',
    symbols: '★♡✦♪',
    emoji: '🌸',
  };
  for (const [script, text] of Object.entries(samples)) {
    test(`draw ${script} (${text}) as glyphs, not as missing-glyph boxes, in regular and bold`, () => {
      for (const weight of [400, 800] as const) {
        const missing = pixelsOf(MISSING, weight);
        for (const character of text)
          assert.notEqual(pixelsOf(character, weight), missing, `${character} at ${weight}`);
      }
    });
  }
});
