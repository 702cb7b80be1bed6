import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { auraOfDay, readAura } from '../../../src/v1/fun/aura.js';
import { funData } from '../../../src/v1/fun/dataset-loader.js';

const { en, de } = funData();
const morning = new Date('2026-03-10T06:00:00Z');
const evening = new Date('2026-03-10T21:30:00Z'); // still 10 March in Berlin (22:30 CET)
const nextDay = new Date('2026-03-10T23:30:00Z'); // 11 March in Berlin, though still the 10th in UTC

/** The days of 2026, one Date each, to look for answers that change over time. */
const days = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i, 12)));

describe('aura of the day', () => {
  it('gives the same name the same reading all Berlin day', () => {
    assert.deepEqual(auraOfDay('Mika', morning, en.aura), auraOfDay('Mika', evening, en.aura));
  });
  it('ignores case and spacing in the name', () => {
    assert.deepEqual(readAura('  mika ', morning, 100), readAura('Mika', morning, 100));
  });
  it('starts a new reading at midnight in Berlin, not in UTC', () => {
    assert.equal(readAura('Mika', evening, 100).date, '2026-03-10');
    assert.equal(readAura('Mika', nextDay, 100).date, '2026-03-11');
  });
  it('can differ from one day to the next and between names', () => {
    const readings = new Set(days.map((d) => JSON.stringify(readAura('Mika', d, en.aura.length))));
    assert.ok(readings.size > 1);
    const names = new Set(['Ana', 'Ben', 'Cleo', 'Dev', 'Emre'].map((n) => readAura(n, morning, 100).score));
    assert.ok(names.size > 1);
  });
  it('keeps the score within 0 to 100 and gives the same colour in both languages', () => {
    for (const day of days) {
      const a = auraOfDay('Sam', day, en.aura);
      const b = auraOfDay('Sam', day, de.aura);
      assert.ok(Number.isInteger(a.score) && a.score >= 0 && a.score <= 100);
      assert.equal(a.hex, b.hex);
      assert.equal(a.score, b.score);
    }
  });
});
