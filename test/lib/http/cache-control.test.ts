import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IMMUTABLE, IMMUTABLE_FILES, privateFor, publicFor } from '../../../src/lib/http/cache-control.js';

describe('Cache-Control policies', () => {
  it('keep content-addressed files for a year, as immutable', () => {
    assert.equal(IMMUTABLE, 'public, max-age=31536000, immutable');
    assert.deepEqual([IMMUTABLE_FILES.immutable, IMMUTABLE_FILES.maxAge], [true, 31536000 * 1000]);
  });
  it('write a stated lifetime for any cache or for the client only', () => {
    assert.equal(publicFor(600), 'public, max-age=600');
    assert.equal(privateFor(300), 'private, max-age=300');
  });
});
