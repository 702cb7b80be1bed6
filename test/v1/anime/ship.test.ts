import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { meterBar, ship, shipName, verdictFor } from '../../../src/v1/anime/ship.js';

const name = fc.string({ minLength: 1, maxLength: 64 }).filter((s) => s.trim() !== '');

describe('ship', () => {
  it('is symmetric: ship(a, b) equals ship(b, a)', () => {
    fc.assert(fc.property(name, name, (a, b) => assert.deepEqual(ship(a, b), ship(b, a))));
  });

  it('is deterministic and ignores case and spacing', () => {
    fc.assert(
      fc.property(name, name, (a, b) => assert.deepEqual(ship(a, b).percentage, ship(a, b).percentage)),
    );
    assert.equal(ship('Naruto', 'Hinata').percentage, ship('  NARUTO ', 'hinata').percentage);
  });

  it('keeps percentage within 0..100 and the bar and verdict in step with it', () => {
    fc.assert(
      fc.property(name, name, (a, b) => {
        const result = ship(a, b);
        assert.ok(Number.isInteger(result.percentage) && result.percentage >= 0 && result.percentage <= 100);
        assert.equal(result.bar, meterBar(result.percentage));
        assert.equal(result.verdict, verdictFor(result.percentage));
        assert.ok(result.shipName.length > 0);
      }),
    );
  });

  it('gives 100 % to a name shipped with itself', () => {
    assert.equal(ship('Rem', 'rem').percentage, 100);
  });

  it('draws a ten-cell bar', () => {
    assert.equal(meterBar(0), '░░░░░░░░░░');
    assert.equal(meterBar(72), '███████░░░');
    assert.equal(meterBar(100), '██████████');
  });

  it('names the ship from the front of one name and the back of the other', () => {
    assert.equal(shipName('Hinata', 'Naruto'), 'Hinuto');
    assert.equal(shipName('Zero Two', 'Hiro'), 'Zero');
    assert.deepEqual(ship('Naruto', 'Hinata').pair, ['Hinata', 'Naruto']);
    assert.equal(ship('Naruto', 'Hinata').shipName, 'Hinuto');
  });

  it('never splits an emoji or a combined character', () => {
    assert.equal(shipName('👩‍❤️‍👨ab', 'xy'), '👩‍❤️‍👨ay');
    assert.equal(shipName('さくら', 'なると'), 'さくと');
  });
});
