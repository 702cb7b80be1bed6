import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ifMatchPasses, ifNoneMatchHits, strongEtag } from '../../../src/lib/http/conditional.js';

describe('strongEtag', () => {
  it('gives equal bytes equal strong tags, different bytes different ones', () => {
    const tag = strongEtag(Buffer.from('card'));
    assert.match(tag, /^"[A-Za-z0-9_-]{32}"$/);
    assert.equal(strongEtag(Buffer.from('card')), tag);
    assert.notEqual(strongEtag(Buffer.from('card!')), tag);
  });
});

describe('ifNoneMatchHits', () => {
  const etag = '"abc"';
  it('matches the tag, a weak form of it, a list containing it and *', () => {
    assert.equal(ifNoneMatchHits('"abc"', etag), true);
    assert.equal(ifNoneMatchHits('W/"abc"', etag), true);
    assert.equal(ifNoneMatchHits('"x", "abc"', etag), true);
    assert.equal(ifNoneMatchHits('*', etag), true);
  });
  it('does not match other tags or nothing', () => {
    assert.equal(ifNoneMatchHits('"abd"', etag), false);
    assert.equal(ifNoneMatchHits(undefined, etag), false);
    assert.equal(ifNoneMatchHits('abc', etag), false);
  });
  it('compares weakly on both sides: our tag may be weak too', () => {
    assert.equal(ifNoneMatchHits('"abc"', 'W/"abc"'), true);
  });
});

describe('ifMatchPasses', () => {
  const etag = '"abc"';
  it('passes without the header, for *, and for a list holding the tag', () => {
    assert.equal(ifMatchPasses(undefined, etag), true);
    assert.equal(ifMatchPasses('*', etag), true);
    assert.equal(ifMatchPasses('"abc"', etag), true);
    assert.equal(ifMatchPasses('"x", "abc"', etag), true);
  });
  it('fails for other tags and for weak ones (strong comparison)', () => {
    assert.equal(ifMatchPasses('"abd"', etag), false);
    assert.equal(ifMatchPasses('W/"abc"', etag), false);
    assert.equal(ifMatchPasses('abc', etag), false);
  });
});
