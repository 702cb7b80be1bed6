import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { rate } from '../../../src/v1/anime/rate.js';

describe('rate', () => {
  it('gives a stable score in 0..100 with matching stars', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }), (thing) => {
        const first = rate(thing);
        assert.deepEqual(rate(thing), first);
        assert.ok(first.score >= 0 && first.score <= 100);
        assert.equal(first.starCount, Math.round(first.score / 20));
        assert.equal(first.stars, '★'.repeat(first.starCount) + '☆'.repeat(5 - first.starCount));
      }),
    );
  });

  it('ignores case and spacing around the thing', () => {
    assert.equal(rate('Cowboy Bebop').score, rate('  cowboy   BEBOP ').score);
    assert.equal(rate('  cowboy   BEBOP ').thing, 'cowboy BEBOP');
  });

  it('spreads scores over the whole range', () => {
    const scores = new Set(Array.from({ length: 300 }, (_, i) => rate(`thing ${i}`).score));
    assert.ok(scores.size > 50);
  });
});
