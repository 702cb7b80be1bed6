import { berlinTime } from '../v1/util/timestamp.js';

/**
 * When a Europe/Berlin calendar day begins, in UTC. The daily picks use it to judge which items
 * already existed on that day; src/lib/deterministic.ts gives the day itself (berlinDate).
 */

/** How far Berlin's wall clock is ahead of UTC at the instant `ms` (one or two hours). */
function berlinOffsetMs(ms: number): number {
  const offset = berlinTime(ms).offset; // "+01:00", "+02:00"
  const minutes = Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6));
  return (offset.startsWith('-') ? -1 : 1) * minutes * 60_000;
}

/**
 * The first instant of the Berlin date `YYYY-MM-DD`, as an ISO-8601 UTC string (the form the
 * database keeps timestamps in, so the two compare as text). Berlin changes its clocks at 01:00
 * UTC, never around midnight, so the offset at 00:00 UTC of that date is the one at its start.
 */
export function berlinDayStart(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const utcMidnight = Date.UTC(year, month - 1, day);
  return new Date(utcMidnight - berlinOffsetMs(utcMidnight)).toISOString();
}
