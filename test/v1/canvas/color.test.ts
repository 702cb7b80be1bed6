import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { hsl, luminance, mix, parseHex, readableOn, rgba, toHex } from '../../../src/v1/canvas/color.js';

describe('card colours', () => {
  test('hex colours parse with or without #, in short and long form', () => {
    assert.deepEqual(parseHex('#8b5cf6'), { r: 0x8b, g: 0x5c, b: 0xf6 });
    assert.deepEqual(parseHex('8B5CF6'), { r: 0x8b, g: 0x5c, b: 0xf6 });
    assert.deepEqual(parseHex('#abc'), { r: 0xaa, g: 0xbb, b: 0xcc });
  });

  test('anything else is no colour', () => {
    for (const text of ['', '#', '#12', '#1234', '12345g', 'red', '#8b5cf6ff', 'rgb(1,2,3)']) {
      assert.equal(parseHex(text), undefined, text);
    }
  });

  test('toHex undoes parseHex', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const hex = `#${n.toString(16).padStart(6, '0')}`;
        const rgb = parseHex(hex);
        return rgb !== undefined && toHex(rgb) === hex;
      }),
    );
  });

  test('mix goes from the first colour to the second', () => {
    const a = { r: 0, g: 100, b: 200 };
    const b = { r: 100, g: 0, b: 200 };
    assert.deepEqual(mix(a, b, 0), a);
    assert.deepEqual(mix(a, b, 1), b);
    assert.deepEqual(mix(a, b, 0.5), { r: 50, g: 50, b: 200 });
  });

  test('rgba rounds channels for the canvas', () => {
    assert.equal(rgba({ r: 1.4, g: 2.6, b: 3 }, 0.5), 'rgba(1, 3, 3, 0.5)');
  });

  test('luminance runs from black to white', () => {
    assert.equal(luminance({ r: 0, g: 0, b: 0 }), 0);
    assert.equal(luminance({ r: 255, g: 255, b: 255 }), 1);
  });

  test('hsl gives the primary hues', () => {
    assert.equal(toHex(hsl(0, 1, 0.5)), '#ff0000');
    assert.equal(toHex(hsl(120, 1, 0.5)), '#00ff00');
    assert.equal(toHex(hsl(240, 1, 0.5)), '#0000ff');
  });

  test('text on an accent is white on dark colours and ink on light ones', () => {
    assert.equal(readableOn({ r: 20, g: 20, b: 60 }), '#ffffff');
    assert.equal(readableOn({ r: 139, g: 92, b: 246 }), '#ffffff');
    assert.equal(readableOn({ r: 255, g: 255, b: 255 }), '#14142b');
    assert.equal(readableOn({ r: 250, g: 230, b: 120 }), '#14142b');
  });
});
