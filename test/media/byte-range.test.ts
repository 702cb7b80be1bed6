import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyRange, ifNoneMatchHits } from '../../src/media/byte-range.js';

describe('classifyRange', () => {
  const size = 1000;

  it('without a header, the whole file', () => {
    assert.deepEqual(classifyRange(undefined, size), { kind: 'none' });
  });

  it('the first byte', () => {
    assert.deepEqual(classifyRange('bytes=0-0', size), { kind: 'single', start: 0, end: 0 });
  });

  it('the last byte, by position and as a suffix', () => {
    assert.deepEqual(classifyRange('bytes=999-999', size), { kind: 'single', start: 999, end: 999 });
    assert.deepEqual(classifyRange('bytes=-1', size), { kind: 'single', start: 999, end: 999 });
  });

  it('an open range runs to the end; an end beyond the file is cut to it', () => {
    assert.deepEqual(classifyRange('bytes=500-', size), { kind: 'single', start: 500, end: 999 });
    assert.deepEqual(classifyRange('bytes=900-5000', size), { kind: 'single', start: 900, end: 999 });
  });

  it('a suffix longer than the file is the whole file', () => {
    assert.deepEqual(classifyRange('bytes=-5000', size), { kind: 'single', start: 0, end: 999 });
  });

  it('a start at or beyond the end cannot be satisfied', () => {
    assert.deepEqual(classifyRange('bytes=1000-', size), { kind: 'unsatisfiable' });
    assert.deepEqual(classifyRange('bytes=5000-6000', size), { kind: 'unsatisfiable' });
    assert.deepEqual(classifyRange('bytes=-0', size), { kind: 'unsatisfiable' });
    assert.deepEqual(classifyRange('bytes=0-', 0), { kind: 'unsatisfiable' });
  });

  it('several ranges are recognised as such (and then served whole)', () => {
    assert.deepEqual(classifyRange('bytes=0-1, 5-6', size), { kind: 'multiple' });
    assert.deepEqual(classifyRange('bytes=0-1,5000-6000', size), { kind: 'multiple' });
  });

  it('several ranges none of which fits cannot be satisfied', () => {
    assert.deepEqual(classifyRange('bytes=2000-2001,3000-', size), { kind: 'unsatisfiable' });
  });

  it('malformed headers and other units are ignored', () => {
    for (const header of ['bytes=5-1', 'bytes=abc', 'bytes=-', 'items=0-1', 'bytes=', '0-1', 'bytes=1-2-3']) {
      assert.deepEqual(classifyRange(header, size), { kind: 'none' }, header);
    }
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
});
