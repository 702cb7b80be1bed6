/**
 * When a Europe/Berlin calendar day begins, in UTC. The daily picks use it to judge which items
 * already existed on that day; src/lib/deterministic.ts gives the day itself (berlinDate).
 */

// Building a DateTimeFormat costs far more than using one.
const BERLIN_CLOCK = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** How far Berlin's wall clock is ahead of UTC at the instant `ms` (one or two hours). */
function berlinOffsetMs(ms: number): number {
  const parts = Object.fromEntries(
    BERLIN_CLOCK.formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]),
  );
  const wallClock = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wallClock - Math.floor(ms / 1000) * 1000;
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
