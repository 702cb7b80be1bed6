import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseHex as parseOrUndefined, type Rgb, toHex } from '../../../src/lib/colour.js';
import { complementOf, describeColour, randomRgb, toHsl } from '../../../src/v1/util/colour.js';

const parseHex = (hex: string): Rgb => parseOrUndefined(hex) ?? assert.fail(hex);

describe('colour arithmetic', () => {
  it('gives HSL in degrees and percent', () => {
    assert.deepEqual(toHsl({ r: 255, g: 0, b: 0 }), { h: 0, s: 100, l: 50 });
    assert.deepEqual(toHsl({ r: 0, g: 255, b: 0 }), { h: 120, s: 100, l: 50 });
    assert.deepEqual(toHsl({ r: 0, g: 0, b: 255 }), { h: 240, s: 100, l: 50 });
    assert.deepEqual(toHsl({ r: 255, g: 0, b: 255 }), { h: 300, s: 100, l: 50 });
    assert.deepEqual(toHsl({ r: 128, g: 128, b: 128 }), { h: 0, s: 0, l: 50 });
    assert.deepEqual(toHsl({ r: 255, g: 136, b: 0 }), { h: 32, s: 100, l: 50 });
  });
  it('complements by turning the hue by 180°', () => {
    assert.equal(toHex(complementOf(parseHex('#ff0000'))), '#00ffff');
    assert.equal(toHex(complementOf(parseHex('#ff8800'))), '#0077ff');
    assert.equal(toHex(complementOf(parseHex('#808080'))), '#808080');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        (r, g, b) => {
          const rgb = { r, g, b };
          const twice = complementOf(complementOf(rgb));
          const [hsl, other] = [toHsl(rgb), toHsl(complementOf(rgb))];
          const turned = hsl.s === 0 || Math.abs(((other.h - hsl.h + 360) % 360) - 180) <= 1;
          return toHex(twice) === toHex(rgb) && turned && Math.abs(other.l - hsl.l) <= 1;
        },
      ),
    );
  });
  it('tells light from dark by contrast with black and white text', () => {
    assert.equal(describeColour(parseHex('#ffffff')).tone, 'light');
    assert.equal(describeColour(parseHex('#000000')).tone, 'dark');
    assert.equal(describeColour(parseHex('#ffff00')).tone, 'light');
    assert.equal(describeColour(parseHex('#0000ff')).tone, 'dark');
    const dark = describeColour(parseHex('#1a1a2e'));
    assert.deepEqual([dark.isLight, dark.textColor], [false, '#ffffff']);
  });
  it('draws random colours over the whole cube', () => {
    const colours = Array.from({ length: 300 }, randomRgb);
    assert.ok(
      colours.every(({ r, g, b }) => [r, g, b].every((c) => Number.isInteger(c) && c >= 0 && c <= 255)),
    );
    assert.ok(new Set(colours.map(toHex)).size > 290);
  });
});
