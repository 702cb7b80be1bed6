import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyRange, normalisedRange, rangeContinuesDownload } from '../../../src/lib/http/byte-range.js';

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

describe('normalisedRange', () => {
  it('writes one settled range the way any parser reads it, and nothing otherwise', () => {
    // A suffix longer than the file: the whole file, which @fastify/send would call unsatisfiable.
    assert.equal(normalisedRange(classifyRange('bytes=-100000', 110)), 'bytes=0-109');
    assert.equal(normalisedRange(classifyRange('bytes=5-', 110)), 'bytes=5-109');
    assert.equal(normalisedRange(classifyRange('bytes=0-1,5-6', 110)), undefined);
    assert.equal(normalisedRange(classifyRange(undefined, 110)), undefined);
  });
});

describe('rangeContinuesDownload', () => {
  it('a range past byte 0 or a suffix carries on a download', () => {
    for (const header of ['bytes=40-', 'bytes=1-10', 'bytes=-10', 'bytes=100-99999', 'BYTES = 7-'])
      assert.equal(rangeContinuesDownload(header), true, header);
  });
  it('a range from byte 0, no Range and malformed ones start afresh', () => {
    for (const header of [undefined, 'bytes=0-', 'bytes=0-1023', 'bytes=0-1,40-50', 'bytes=abc', 'items=5-'])
      assert.equal(rangeContinuesDownload(header), false, header);
  });
});
