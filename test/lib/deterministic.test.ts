import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededInt, seededPick, seededRandom, seedText } from '../../src/lib/deterministic.js';

describe('seededRandom', () => {
  it('gives the same stream for the same parts and another for other parts', () => {
    const a = seededRandom('x', 1);
    const b = seededRandom('x', 1);
    const c = seededRandom('x', 2);
    const streamA = Array.from({ length: 20 }, a);
    assert.deepEqual(streamA, Array.from({ length: 20 }, b));
    assert.notDeepEqual(streamA, Array.from({ length: 20 }, c));
    assert.ok(streamA.every((v) => v >= 0 && v < 1));
  });
  it('seededInt stays within its bounds and seededPick within its list', () => {
    for (let i = 0; i < 200; i++) {
      const n = seededInt(0, 100, 'k', i);
      assert.ok(Number.isInteger(n) && n >= 0 && n <= 100);
      assert.ok(['a', 'b', 'c'].includes(seededPick(['a', 'b', 'c'], i)));
    }
  });
  it('gives the same numbers on every instance and after every restart (known values)', () => {
    const random = seededRandom('x', 1);
    assert.deepEqual(
      [random(), random(), random()],
      [0.5310829221270978, 0.012019026558846235, 0.7493360270746052],
    );
    assert.equal(seededInt(0, 100, 'ship', 'hinata', 'naruto'), 82);
    assert.equal(seededPick(['a', 'b', 'c', 'd', 'e'], 'pick', 7), 'b');
  });
  it('seedText folds case and spacing', () => {
    assert.equal(seedText('  Naruto   Uzumaki '), 'naruto uzumaki');
  });
});
