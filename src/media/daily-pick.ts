import { createHash } from 'node:crypto';
import { berlinDayStart } from '../lib/berlin-clock.js';

interface DailyCandidate {
  sha256: string;
  /** When the item joined its pool (ISO-8601 UTC). */
  created_at: string;
}

/** The item's draw for the day: a hash of the day and its bytes, the same on every instance. */
function score(salt: string, date: string, sha256: string): string {
  return createHash('sha256').update(`${salt}\u0000${date}\u0000${sha256}`).digest('hex');
}

/**
 * The item of the day for the Europe/Berlin date `date` (YYYY-MM-DD): the same for everyone, on
 * every instance, all day long.
 * - Only items that existed when the day began take part, so one added today waits for tomorrow;
 *   a pool that was empty then (a fresh install) uses what it has.
 * - Each item draws a score from the day and its content hash and the highest wins (rendezvous
 *   hashing): removing any other item, or adding one, cannot move the choice, as an index into
 *   the list would.
 */
export function dailyPick<T extends DailyCandidate>(items: readonly T[], date: string, salt: string): T {
  if (items.length === 0) throw new Error('dailyPick needs a non-empty list');
  const dayStart = berlinDayStart(date);
  const settled = items.filter((item) => item.created_at < dayStart);
  let best: T | undefined;
  let bestScore = '';
  for (const item of settled.length > 0 ? settled : items) {
    const s = score(salt, date, item.sha256);
    if (s > bestScore) [best, bestScore] = [item, s];
  }
  return best as T;
}
