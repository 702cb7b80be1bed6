import { seededRandom } from '../../lib/deterministic.js';
import type { Quote } from './data/quotes.js';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export function dayNumber(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** A shuffle of 0..n-1 fixed by the seed (Fisher–Yates over the seeded stream). */
export function seededPermutation(n: number, ...seed: Array<string | number>): number[] {
  const random = seededRandom(...seed);
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/**
 * The quote of a Berlin day. Days are dealt in rounds of one shuffled deck, so no quote repeats
 * until every other one has had its day.
 */
export function quoteOfTheDay(quotes: readonly Quote[], date: string): Quote & { date: string } {
  const day = dayNumber(date);
  const round = Math.floor(day / quotes.length);
  const deck = seededPermutation(quotes.length, 'quote-of-the-day', round);
  return { ...quotes[deck[day % quotes.length]], date };
}
