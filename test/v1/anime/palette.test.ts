import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { hslToRgb, toHex } from '../../../src/lib/colour.js';
import { makePalette, SCHEMES } from '../../../src/v1/anime/palette.js';

const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe('makePalette', () => {
  it('is fixed by its seed, and every colour agrees with itself in hex, rgb and hsl', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 100 }),
        fc.integer({ min: 1, max: 10 }),
        (seed, count) => {
          const palette = makePalette({ seed, count });
          assert.deepEqual(makePalette({ seed, count }), palette);
          assert.equal(palette.colours.length, count);
          assert.ok(SCHEMES.includes(palette.scheme));
          for (const colour of palette.colours) {
            assert.match(colour.hex, /^#[0-9a-f]{6}$/);
            assert.equal(colour.hex, toHex(colour.rgb));
            const { h, s, l } = colour.hsl;
            assert.ok(h >= 0 && h < 360 && s >= 0 && s <= 100 && l >= 0 && l <= 100);
          }
        },
      ),
    );
  });

  it('starts from the base colour when one is given', () => {
    const palette = makePalette({ seed: 'sakura', count: 4, base: { r: 255, g: 102, b: 153 } });
    assert.equal(palette.base.hex, '#ff6699');
    assert.equal(palette.colours[0].hex, '#ff6699');
  });

  it('follows the scheme: complementary pairs sit opposite, triads a third apart', () => {
    const complementary = makePalette({
      seed: 'x',
      count: 2,
      scheme: 'complementary',
      base: hslToRgb({ h: 30, s: 70, l: 50 }),
    });
    assert.ok(hueDistance(complementary.colours[0].hsl.h, complementary.colours[1].hsl.h) >= 170);
    const triadic = makePalette({
      seed: 'x',
      count: 3,
      scheme: 'triadic',
      base: hslToRgb({ h: 200, s: 70, l: 50 }),
    });
    assert.ok(Math.abs(hueDistance(triadic.colours[0].hsl.h, triadic.colours[1].hsl.h) - 120) <= 6);
    assert.ok(Math.abs(hueDistance(triadic.colours[0].hsl.h, triadic.colours[2].hsl.h) - 120) <= 6);
    const mono = makePalette({
      seed: 'x',
      count: 5,
      scheme: 'monochromatic',
      base: hslToRgb({ h: 270, s: 60, l: 40 }),
    });
    assert.ok(mono.colours.every((c) => hueDistance(c.hsl.h, mono.colours[0].hsl.h) <= 6));
    assert.equal(new Set(mono.colours.map((c) => c.hsl.l)).size, 5);
  });

  it('gives other seeds other palettes', () => {
    const hexes = new Set(
      Array.from({ length: 20 }, (_, i) => makePalette({ seed: `s${i}`, count: 3 }).colours[0].hex),
    );
    assert.ok(hexes.size > 15);
  });
});
