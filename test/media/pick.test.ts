import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { seededRandom } from '../../src/lib/deterministic.js';
import { chooseAvoiding, pickAvoiding, pickCandidates, ringSize, sample } from '../../src/media/pick.js';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

describe('ringSize', () => {
  it('is min(floor(n/2), 16)', () => {
    assert.deepEqual([0, 1, 2, 3, 4, 5, 31, 32, 33, 1000].map(ringSize), [0, 0, 1, 1, 2, 2, 15, 16, 16, 16]);
  });
});

describe('sample', () => {
  it('returns distinct elements, at most as many as there are', () => {
    assert.equal(sample(items(3), 10).length, 3);
    assert.equal(new Set(sample(items(50), 20)).size, 20);
    assert.deepEqual(sample([], 5), []);
  });

  it('draws from a large pool as a copied shuffle would, without copying it', () => {
    // The reference: the whole pool copied and shuffled in part (what small pools still do).
    const copiedShuffle = <T>(list: readonly T[], count: number, random: () => number): T[] => {
      const pool = [...list];
      for (let i = 0; i < Math.min(count, pool.length); i++) {
        const j = i + Math.floor(random() * (pool.length - i));
        [pool[i], pool[j]] = [pool[j], pool[i]];
      }
      return pool.slice(0, count);
    };
    const large = items(5000);
    for (let seed = 0; seed < 50; seed++) {
      const picked = sample(large, 17, seededRandom('large', seed));
      assert.deepEqual(picked, copiedShuffle(large, 17, seededRandom('large', seed)));
      assert.equal(new Set(picked).size, 17);
    }
    assert.equal(sample(large, 6000).length, 5000);
    assert.equal(new Set(sample(large, 6000)).size, 5000);
  });
});

describe('pickAvoiding', () => {
  it('never returns a recent item while others remain', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.nat(), (n, seed) => {
        const pool = items(n);
        const k = ringSize(n);
        const recent = sample(pool, k).map((i) => i.id);
        const [picked] = pickAvoiding(pool, recent, 1, seededRandom('pick', seed));
        assert.ok(picked);
        assert.ok(!recent.includes(picked.id));
      }),
    );
  });

  it('asked for more than the pool holds, gives every item once', () => {
    const picked = pickAvoiding(items(5), [1, 2], 20);
    assert.deepEqual(picked.map((i) => i.id).sort(), [1, 2, 3, 4, 5]);
  });

  it('fills up with the oldest recent items first', () => {
    // Newest first: 3 was picked most recently, 1 longest ago.
    const picked = pickAvoiding(items(4), [3, 2, 1], 2);
    assert.deepEqual(
      picked.map((i) => i.id),
      [4, 1],
    );
  });

  it('ignores recent ids that are no longer in the pool', () => {
    assert.deepEqual(
      pickAvoiding(items(1), [99], 3).map((i) => i.id),
      [1],
    );
  });

  it('an empty pool gives nothing', () => {
    assert.deepEqual(pickAvoiding([], [1], 3), []);
  });
});

describe('chooseAvoiding over pickCandidates', () => {
  it('amount + k random candidates always hold `amount` items outside the ring', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 20 }),
        fc.nat(),
        (n, amount, seed) => {
          const pool = items(n);
          const k = ringSize(n);
          const recent = sample(pool, k, seededRandom('recent', seed)).map((i) => i.id);
          const candidates = pickCandidates(pool, k, amount, seededRandom('candidates', seed)).map(
            (i) => i.id,
          );
          const chosen = chooseAvoiding(candidates, recent, amount);
          assert.equal(chosen.length, Math.min(amount, n));
          assert.equal(new Set(chosen).size, chosen.length);
          const fresh = chosen.filter((id) => !recent.includes(id));
          assert.equal(fresh.length, Math.min(amount, n - k), 'recent ones only when the others ran out');
        },
      ),
    );
  });

  it('is uniform over the non-recent items', () => {
    const pool = items(6);
    const counts = new Map<number, number>();
    const random = seededRandom('uniform');
    for (let i = 0; i < 6000; i++) {
      const [id] = chooseAvoiding(
        pickCandidates(pool, 2, 1, random).map((x) => x.id),
        [1, 2],
        1,
      );
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    assert.deepEqual([...counts.keys()].sort(), [3, 4, 5, 6]);
    for (const count of counts.values()) assert.ok(count > 1300 && count < 1700, String(count));
  });
});
