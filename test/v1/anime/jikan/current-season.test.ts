import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seasonOf } from '../../../../src/v1/anime/jikan/current-season.js';

describe('seasonOf', () => {
  it('maps quarters to broadcast seasons', () => {
    assert.deepEqual(seasonOf('2026-01-01'), { season: 'winter', year: 2026 });
    assert.deepEqual(seasonOf('2026-03-31'), { season: 'winter', year: 2026 });
    assert.deepEqual(seasonOf('2026-04-01'), { season: 'spring', year: 2026 });
    assert.deepEqual(seasonOf('2026-08-15'), { season: 'summer', year: 2026 });
    assert.deepEqual(seasonOf('2026-12-31'), { season: 'fall', year: 2026 });
  });
});
