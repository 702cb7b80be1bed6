import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { hslToRgb, parseHex, rgbToHsl, toHex } from '../../../src/v1/anime/colour.js';

describe('colour conversions', () => {
  it('parses hex in its short and long forms, with or without #', () => {
    assert.deepEqual(parseHex('#ff6699'), { r: 255, g: 102, b: 153 });
    assert.deepEqual(parseHex('F69'), { r: 255, g: 102, b: 153 });
    assert.equal(parseHex('#ff669'), null);
    assert.equal(parseHex('red'), null);
  });

  it('converts known colours both ways', () => {
    assert.deepEqual(rgbToHsl({ r: 255, g: 0, b: 0 }), { h: 0, s: 100, l: 50 });
    assert.deepEqual(hslToRgb({ h: 120, s: 100, l: 25 }), { r: 0, g: 128, b: 0 });
    assert.deepEqual(rgbToHsl({ r: 128, g: 128, b: 128 }), { h: 0, s: 0, l: 50 });
    assert.equal(toHex({ r: 1, g: 171, b: 255 }), '#01abff');
  });

  it('round-trips RGB through HSL within rounding', () => {
    const channel = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(channel, channel, channel, (r, g, b) => {
        const back = hslToRgb(rgbToHsl({ r, g, b }));
        for (const [x, y] of [
          [r, back.r],
          [g, back.g],
          [b, back.b],
        ]) {
          assert.ok(Math.abs(x - y) <= 4, `${r},${g},${b} came back as ${back.r},${back.g},${back.b}`);
        }
      }),
    );
  });
});
