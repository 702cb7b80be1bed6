import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PageCache } from '../../../src/directory/groups/page-cache.js';

describe('PageCache', () => {
  test('keeps a page until its time is up', () => {
    const cache = new PageCache(1000);
    cache.set('a', { body: Buffer.from('[]') }, cache.generation, 0);
    assert.equal(cache.get('a', 999)?.body.toString(), '[]');
    assert.equal(cache.get('a', 1000), undefined);
    assert.equal(cache.size, 0);
  });

  test('invalidate empties it at once', () => {
    const cache = new PageCache();
    cache.set('a', { body: Buffer.from('[1]'), link: '<x>; rel="next"' }, cache.generation);
    cache.invalidate();
    assert.equal(cache.get('a'), undefined);
  });

  test('a page computed across a write is not stored', () => {
    const cache = new PageCache();
    const generation = cache.generation;
    cache.invalidate();
    cache.set('a', { body: Buffer.from('[]') }, generation);
    assert.equal(cache.get('a'), undefined);
  });

  test('holds at most maxEntries pages, dropping the oldest', () => {
    const cache = new PageCache(60_000, 2);
    for (const key of ['a', 'b', 'c']) cache.set(key, { body: Buffer.from(key) }, cache.generation);
    assert.equal(cache.get('a'), undefined);
    assert.equal(cache.get('c')?.body.toString(), 'c');
    assert.equal(cache.size, 2);
  });

  test('invalidate tells the other instances and waits until they have been told; clear does not', async () => {
    const cache = new PageCache();
    const told: string[] = [];
    cache.shareWith(async () => {
      await Promise.resolve();
      told.push('others');
    });
    cache.set('a', { body: Buffer.from('[]') }, cache.generation);
    const invalidated = cache.invalidate();
    assert.equal(cache.get('a'), undefined, 'emptied here before the others hear of it');
    await invalidated;
    assert.deepEqual(told, ['others']);

    cache.set('b', { body: Buffer.from('[]') }, cache.generation);
    const generation = cache.generation;
    cache.clear();
    assert.equal(cache.get('b'), undefined);
    assert.notEqual(cache.generation, generation, 'a page computed across a remote write is not stored');
    assert.deepEqual(told, ['others']);
  });

  test('a zero lifetime turns it off', () => {
    const cache = new PageCache(0);
    cache.set('a', { body: Buffer.from('[]') }, cache.generation);
    assert.equal(cache.get('a'), undefined);
  });
});
