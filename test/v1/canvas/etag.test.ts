import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ifNoneMatchHits, strongEtag } from '../../../src/v1/canvas/etag.js';

describe('card ETags', () => {
  test('equal bytes give equal strong tags, different bytes different ones', () => {
    const tag = strongEtag(Buffer.from('card'));
    assert.match(tag, /^"[A-Za-z0-9_-]{32}"$/);
    assert.equal(strongEtag(Buffer.from('card')), tag);
    assert.notEqual(strongEtag(Buffer.from('card!')), tag);
  });

  test('If-None-Match hits on the tag, in a list, weakly prefixed, or as *', () => {
    const tag = '"abc"';
    assert.equal(ifNoneMatchHits('"abc"', tag), true);
    assert.equal(ifNoneMatchHits('"x", "abc"', tag), true);
    assert.equal(ifNoneMatchHits('W/"abc"', tag), true);
    assert.equal(ifNoneMatchHits('*', tag), true);
  });

  test('If-None-Match misses on other tags or when absent', () => {
    assert.equal(ifNoneMatchHits(undefined, '"abc"'), false);
    assert.equal(ifNoneMatchHits('"abd"', '"abc"'), false);
    assert.equal(ifNoneMatchHits('abc', '"abc"'), false);
  });
});
