import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeTimestamp, MAX_MS, MIN_MS, parseTimestamp } from '../../../src/v1/util/timestamp.js';
import { assertBadField } from '../../helpers/assert-problem.js';

describe('parseTimestamp', () => {
  it('reads numbers below 10^11 as Unix seconds and larger ones as milliseconds', () => {
    assert.deepEqual(parseTimestamp('1700000000'), { ms: 1700000000000, source: 'seconds' });
    assert.deepEqual(parseTimestamp('99999999999'), { ms: 99999999999000, source: 'seconds' });
    assert.deepEqual(parseTimestamp('100000000000'), { ms: 100000000000, source: 'milliseconds' });
    assert.deepEqual(parseTimestamp('1700000000123'), { ms: 1700000000123, source: 'milliseconds' });
    assert.deepEqual(parseTimestamp('0'), { ms: 0, source: 'seconds' });
    assert.deepEqual(parseTimestamp('-86400'), { ms: -86400000, source: 'seconds' });
    assert.deepEqual(parseTimestamp('1700000000.123'), { ms: 1700000000123, source: 'seconds' });
  });
  it('reads ISO 8601 dates and date-times; without an offset they are UTC', () => {
    assert.equal(parseTimestamp('2026-07-01T12:00:00Z').ms, Date.UTC(2026, 6, 1, 12));
    assert.equal(parseTimestamp('2026-07-01T12:00:00').ms, Date.UTC(2026, 6, 1, 12));
    assert.equal(parseTimestamp('2026-07-01').ms, Date.UTC(2026, 6, 1));
    assert.equal(parseTimestamp('2026-07-01 14:00').ms, Date.UTC(2026, 6, 1, 14));
    assert.equal(parseTimestamp('2026-07-01T14:00:00+02:00').ms, Date.UTC(2026, 6, 1, 12));
    assert.equal(parseTimestamp('2026-07-01T14:00:00.5-0130').ms, Date.UTC(2026, 6, 1, 15, 30, 0, 500));
    assert.equal(parseTimestamp('2024-02-29T00:00:00Z').source, 'iso');
  });
  it('refuses what is neither a number nor a real ISO date, naming ts', () => {
    for (const bad of [
      'yesterday',
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-07-01T24:00',
      '2026-07-01T12:60',
      '1e12',
      '0x10',
      '',
    ]) {
      assertBadField(() => parseTimestamp(bad), 'ts');
    }
  });
  it('accepts the years 0001 to 9999 and refuses anything outside', () => {
    assert.equal(parseTimestamp(String(MIN_MS)).ms, MIN_MS);
    assert.equal(parseTimestamp(String(MAX_MS)).ms, MAX_MS);
    assert.equal(parseTimestamp('9999-12-31T23:59:59.999Z').ms, MAX_MS);
    assertBadField(() => parseTimestamp(String(MIN_MS - 1)), 'ts');
    assertBadField(() => parseTimestamp(String(MAX_MS + 1)), 'ts');
    assertBadField(() => parseTimestamp('0001-01-01T00:30:00+01:00'), 'ts');
  });
});

describe('describeTimestamp', () => {
  it('gives Unix seconds (floored), milliseconds, UTC ISO and Berlin time', () => {
    const info = describeTimestamp(1700000000999, 'milliseconds');
    assert.deepEqual(
      [info.source, info.unix, info.unixMs, info.iso, info.berlin.iso],
      [
        'milliseconds',
        1700000000,
        1700000000999,
        '2023-11-14T22:13:20.999Z',
        '2023-11-14T23:13:20.999+01:00',
      ],
    );
    assert.equal(describeTimestamp(-1, 'milliseconds').unix, -1);
  });
});
