import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { randomEntry, randomItem, shuffled } from '../../../src/v1/fun/random.js';

describe('random picks', () => {
  it('shuffled returns a permutation and leaves the input alone', () => {
    const input = [1, 2, 3, 4, 5];
    const out = shuffled(input);
    assert.deepEqual([...out].sort(), [1, 2, 3, 4, 5]);
    assert.deepEqual(input, [1, 2, 3, 4, 5]);
  });
  it('randomItem and randomEntry stay within the list and reach all of it', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const { id, entry } = randomEntry(['a', 'b', 'c']);
      assert.equal(entry, ['a', 'b', 'c'][id - 1]);
      seen.add(id);
      assert.ok(['x', 'y'].includes(randomItem(['x', 'y'])));
    }
    assert.deepEqual([...seen].sort(), [1, 2, 3]);
  });
  it('refuses an empty list', () => {
    assert.throws(() => randomItem([]));
    assert.throws(() => randomEntry([]));
  });
});
