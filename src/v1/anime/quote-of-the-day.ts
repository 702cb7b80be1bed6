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
 * The deck of one round: a seeded shuffle, except that it never opens with the quote that closed
 * the round before (that one moves to the middle), so no quote is shown two days running. Only
 * the first and a middle place ever move, never the last, so the round before need not be dealt
 * again to know how it ended.
 */
export function quoteDeck(n: number, round: number): number[] {
  const deck = seededPermutation(n, 'quote-of-the-day', round);
  if (n < 3) return deck;
  const previousLast = seededPermutation(n, 'quote-of-the-day', round - 1)[n - 1];
  if (deck[0] === previousLast) {
    const middle = Math.floor(n / 2);
    [deck[0], deck[middle]] = [deck[middle], deck[0]];
  }
  return deck;
}

/**
 * The quote of a Berlin day. Days are dealt in rounds of one shuffled deck each, so every quote
 * has its day once per round, and the same quote never comes two days in a row.
 */
export function quoteOfTheDay(quotes: readonly Quote[], date: string): Quote & { date: string } {
  const day = dayNumber(date);
  const round = Math.floor(day / quotes.length);
  const deck = quoteDeck(quotes.length, round);
  return { ...quotes[deck[day - round * quotes.length]], date };
}
