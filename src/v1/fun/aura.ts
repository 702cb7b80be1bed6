import { berlinDate } from '../../lib/berlin-clock.js';
import { seededRandom, seedText } from '../../lib/deterministic.js';
import type { AuraEntry } from './dataset-types.js';

export interface AuraReading {
  /** The Berlin day the reading belongs to (YYYY-MM-DD). */
  date: string;
  /** 0 to 100. */
  score: number;
  /** 0-based position in the aura list; the same in every language, as the lists are parallel. */
  index: number;
}

/** Same name (ignoring case and spacing) on the same Berlin day → same reading, on every instance. */
export function readAura(name: string, now: Date, auraCount: number): AuraReading {
  const date = berlinDate(now);
  const random = seededRandom('fun-aura', seedText(name), date);
  const score = Math.floor(random() * 101);
  const index = Math.floor(random() * auraCount);
  return { date, score, index };
}

export function auraOfDay(name: string, now: Date, auras: readonly AuraEntry[]): AuraReading & AuraEntry {
  const reading = readAura(name, now, auras.length);
  return { ...reading, ...auras[reading.index] };
}
