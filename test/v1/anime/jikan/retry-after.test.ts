import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRetryAfter } from '../../../../src/v1/anime/jikan/retry-after.js';

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    assert.equal(parseRetryAfter('2'), 2000);
    assert.equal(parseRetryAfter(' 0 '), 0);
  });
  it('reads an HTTP date relative to now, never negative', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now), 5000);
    assert.equal(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now), 0);
  });
  it('gives null for nothing or nonsense', () => {
    assert.equal(parseRetryAfter(null), null);
    assert.equal(parseRetryAfter(undefined), null);
    assert.equal(parseRetryAfter('soon'), null);
    assert.equal(parseRetryAfter('-3'), null);
  });
});
