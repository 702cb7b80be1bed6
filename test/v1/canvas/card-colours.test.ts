import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toHex } from '../../../src/lib/colour.js';
import { hsl, mix, readableOn, rgba } from '../../../src/v1/canvas/card-colours.js';

describe('card colours', () => {
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
