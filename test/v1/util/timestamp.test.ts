import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  berlinTime,
  describeTimestamp,
  MAX_MS,
  MIN_MS,
  parseTimestamp,
} from '../../../src/v1/util/timestamp.js';
import { assertBadField } from './assert-problem.js';

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

describe('berlinTime', () => {
  it('is CET (+01:00) in winter and CEST (+02:00) in summer', () => {
    assert.deepEqual(berlinTime(Date.UTC(2026, 0, 15, 12)), {
      timeZone: 'Europe/Berlin',
      iso: '2026-01-15T13:00:00.000+01:00',
      date: '2026-01-15',
      time: '13:00:00',
      offset: '+01:00',
      abbreviation: 'CET',
      summerTime: false,
    });
    const summer = berlinTime(Date.UTC(2026, 6, 1, 12, 0, 0, 250));
    assert.equal(summer.iso, '2026-07-01T14:00:00.250+02:00');
    assert.deepEqual([summer.abbreviation, summer.summerTime], ['CEST', true]);
  });
  it('springs forward at 01:00 UTC on the last Sunday of March (02:00 CET becomes 03:00 CEST)', () => {
    const before = berlinTime(Date.parse('2026-03-29T00:59:59Z'));
    const after = berlinTime(Date.parse('2026-03-29T01:00:00Z'));
    assert.deepEqual([before.time, before.offset, before.abbreviation], ['01:59:59', '+01:00', 'CET']);
    assert.deepEqual([after.time, after.offset, after.abbreviation], ['03:00:00', '+02:00', 'CEST']);
  });
  it('falls back at 01:00 UTC on the last Sunday of October (03:00 CEST becomes 02:00 CET)', () => {
    const before = berlinTime(Date.parse('2026-10-25T00:59:59Z'));
    const after = berlinTime(Date.parse('2026-10-25T01:00:00Z'));
    assert.deepEqual([before.time, before.offset, before.abbreviation], ['02:59:59', '+02:00', 'CEST']);
    assert.deepEqual([after.time, after.offset, after.abbreviation], ['02:00:00', '+01:00', 'CET']);
  });
  it('crosses the date line of Berlin before UTC does', () => {
    assert.equal(berlinTime(Date.parse('2026-12-31T23:30:00Z')).date, '2027-01-01');
  });
  it('keeps milliseconds of instants before 1970', () => {
    assert.equal(berlinTime(-1).iso, '1970-01-01T00:59:59.999+01:00');
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
