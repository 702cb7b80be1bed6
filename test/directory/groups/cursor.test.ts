import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeCursor, encodeCursor } from '../../../src/directory/groups/cursor.js';

describe('cursor', () => {
  test('round-trips a position', () => {
    const position = { createdAt: '2026-01-02T03:04:05.678Z', id: 42 };
    const text = encodeCursor(position);
    assert.match(text, /^[A-Za-z0-9_-]+$/);
    assert.deepEqual(decodeCursor(text), position);
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
      'x'.repeat(101),
    ]) {
      assert.equal(decodeCursor(bad), null, bad);
    }
  });
});
