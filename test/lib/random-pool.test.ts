import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RandomPool } from '../../src/lib/random-pool.js';

describe('RandomPool', () => {
  it('hands out base64url text of the asked number of bytes', () => {
    const text = new RandomPool().base64url(18);
    assert.match(text, /^[A-Za-z0-9_-]{24}$/);
    assert.equal(Buffer.from(text, 'base64url').length, 18);
  });

  it('never hands out the same bytes twice, across refills', () => {
    const pool = new RandomPool(64);
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) seen.add(pool.base64url(18));
    assert.equal(seen.size, 1000);
  });

  it('refuses more than a pool at once', () => {
    assert.throws(() => new RandomPool(16).base64url(17), RangeError);
  });
});
