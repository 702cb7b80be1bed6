import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cursorOrder, decodeCursor, encodeCursor } from '../../../src/directory/groups/cursor.js';

describe('cursor', () => {
  test('round-trips a position', () => {
    const position = { createdAt: '2026-01-02T03:04:05.678Z', id: 42 };
    const text = encodeCursor(position);
    assert.match(text, /^[A-Za-z0-9_-]+$/);
    assert.deepEqual(decodeCursor(text), position);
  });

  test('round-trips the sort key of each order, and tells the order', () => {
    const at = { createdAt: '2026-01-02T03:04:05.678Z', id: 42 };
    for (const [position, order] of [
      [at, 'newest'],
      [{ ...at, score: 7 }, 'relevance'],
      [{ ...at, score: 0 }, 'relevance'],
      [{ ...at, likes: 0 }, 'likes'],
      [{ ...at, likes: 1234567 }, 'likes'],
      [{ ...at, trend: 0 }, 'trending'],
      [{ ...at, trend: 12 }, 'trending'],
    ] as const) {
      const decoded = decodeCursor(encodeCursor(position));
      assert.deepEqual(decoded, position);
      assert.equal(decoded && cursorOrder(decoded), order);
    }
  });

  test('refuses anything it did not issue', () => {
    for (const bad of [
      '',
      'not a cursor!',
      Buffer.from('2026-01-02|1').toString('base64url'),
      Buffer.from('2026-01-02T03:04:05.678Z|0').toString('base64url'),
      Buffer.from('2026-01-02T03:04:05.678Z|-1').toString('base64url'),
      Buffer.from('2026-01-02T03:04:05.678Z|99999999999').toString('base64url'),
      Buffer.from('2026-01-02T03:04:05.678Z|1|x').toString('base64url'),
      Buffer.from('2026-01-02T03:04:05.678Z|1|l').toString('base64url'),
      Buffer.from('2026-01-02T03:04:05.678Z|1|t-1').toString('base64url'),
      Buffer.from('2026-01-02T03:04:05.678Z|1|l01').toString('base64url'),
      Buffer.from('2026-01-02T03:04:05.678Z|1|l99999999999').toString('base64url'),
      Buffer.from('2026-01-02T03:04:05.678Z|1|x5').toString('base64url'),
      Buffer.from('2026-01-02T03:04:05.678Z|1|10000').toString('base64url'),
      'x'.repeat(101),
    ]) {
      assert.equal(decodeCursor(bad), null, bad);
    }
  });
});
