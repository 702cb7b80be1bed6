import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  berlinDate,
  berlinDayStart,
  berlinTime,
  secondsToBerlinMidnight,
} from '../../src/lib/berlin-clock.js';

describe('berlinDate', () => {
  it('uses the Berlin calendar day, not UTC (winter, UTC+1)', () => {
    assert.equal(berlinDate(new Date('2026-01-15T23:30:00Z')), '2026-01-16');
    assert.equal(berlinDate(new Date('2026-01-15T22:59:59Z')), '2026-01-15');
  });
  it('follows summer time (UTC+2)', () => {
    assert.equal(berlinDate(new Date('2026-07-01T22:00:00Z')), '2026-07-02');
    assert.equal(berlinDate(new Date('2026-07-01T21:59:59Z')), '2026-07-01');
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

describe('berlinDayStart', () => {
  it('is local midnight: 23:00 UTC the day before in winter, 22:00 in summer', () => {
    assert.equal(berlinDayStart('2024-01-15'), '2024-01-14T23:00:00.000Z');
    assert.equal(berlinDayStart('2024-07-15'), '2024-07-14T22:00:00.000Z');
  });

  it('on the days the clocks change, midnight still has the offset of the day before', () => {
    assert.equal(berlinDayStart('2024-03-31'), '2024-03-30T23:00:00.000Z');
    assert.equal(berlinDayStart('2024-04-01'), '2024-03-31T22:00:00.000Z');
    assert.equal(berlinDayStart('2024-10-27'), '2024-10-26T22:00:00.000Z');
    assert.equal(berlinDayStart('2024-10-28'), '2024-10-27T23:00:00.000Z');
  });

  it('belongs to its own date and the instant before to the previous one', () => {
    for (const date of ['2024-01-15', '2024-03-31', '2024-10-27', '2025-12-31']) {
      const start = Date.parse(berlinDayStart(date));
      assert.equal(berlinDate(new Date(start)), date);
      assert.notEqual(berlinDate(new Date(start - 1)), date);
    }
  });
});

describe('secondsToBerlinMidnight', () => {
  it('counts the 23 and 25 hours of the days the clocks change', () => {
    assert.equal(secondsToBerlinMidnight(new Date('2026-03-28T23:00:00Z')), 23 * 3600);
    assert.equal(secondsToBerlinMidnight(new Date('2026-10-24T22:00:00Z')), 25 * 3600);
    assert.equal(secondsToBerlinMidnight(new Date('2026-07-01T21:59:59.500Z')), 1);
  });

  it('agrees with the time zone itself at any instant, asked in any order (the day is remembered)', () => {
    const zone = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });
    // Since 1950 (before it, Berlin changed its clocks at local midnight too, which the rule of
    // berlinDayStart does not cover; the service asks about now).
    const instants = fc.integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2100, 0, 1) });
    // Runs of instants close together (as requests come) mixed with jumps across years.
    const runs = fc.array(fc.tuple(instants, fc.array(fc.integer({ min: 0, max: 3 * 86_400_000 }))));
    fc.assert(
      fc.property(runs, (starts) => {
        for (const [start, steps] of starts) {
          for (const step of [0, ...steps]) {
            const now = new Date(start + step);
            const date = zone.format(now);
            assert.equal(berlinDate(now), date);
            const seconds = secondsToBerlinMidnight(now);
            // The last whole second of the day still has `date`, and the next midnight does not.
            const midnight = now.getTime() + seconds * 1000;
            assert.equal(zone.format(midnight - 1000), date, `${now.toISOString()}: ${seconds} s too many`);
            assert.notEqual(zone.format(midnight), date, `${now.toISOString()}: ${seconds} s too few`);
          }
        }
      }),
    );
  });
});
