import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { compactNumber, defaultXpNeeded, progressShare, rankLabel } from '../../../src/v1/canvas/progress.js';

describe('card progress', () => {
  test('the default XP per level follows 5·level² + 50·level + 100', () => {
    assert.equal(defaultXpNeeded(0), 100);
    assert.equal(defaultXpNeeded(1), 155);
    assert.equal(defaultXpNeeded(10), 1100);
  });

  test('the share of the bar is always between 0 and 1', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (xp, needed) => {
        const share = progressShare(xp, needed);
        return share >= 0 && share <= 1;
      }),
    );
    assert.equal(progressShare(50, 200), 0.25);
    assert.equal(progressShare(500, 200), 1);
    assert.equal(progressShare(5, 0), 1);
  });

  test('numbers are written out below ten thousand and shortened above', () => {
    assert.equal(compactNumber(950), '950');
    assert.equal(compactNumber(9999), '9,999');
    assert.equal(compactNumber(12_345), '12.3K');
    assert.equal(compactNumber(4_200_000), '4.2M');
  });

  test('ranks are exact up to 99,999 and shortened above', () => {
    assert.equal(rankLabel(1), '#1');
    assert.equal(rankLabel(12_345), '#12,345');
    assert.equal(rankLabel(99_999), '#99,999');
    assert.equal(rankLabel(250_000), '#250K');
    assert.equal(rankLabel(10_000_000), '#10M');
  });
});
