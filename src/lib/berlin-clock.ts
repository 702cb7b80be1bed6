/**
 * The one clock of Europe/Berlin. Daily answers change at Berlin midnight and the timestamp
 * utility shows Berlin's wall clock; all of it reads the tz database that ships with Node's ICU,
 * so every instance agrees whatever the server's own time zone.
 */

export interface BerlinTime {
  timeZone: 'Europe/Berlin';
  /** Local time with its offset, e.g. 2026-07-01T14:00:00.000+02:00. */
  iso: string;
  date: string;
  time: string;
  offset: string;
  /** CET in winter, CEST in summer. */
  abbreviation: string;
  summerTime: boolean;
}

// Building a DateTimeFormat costs far more than using one; daily answers ask for it on every request.
// Built on first use, not at import: the time-zone data it pages in costs about 8 MB of memory.
let berlinDay: Intl.DateTimeFormat | undefined;
let berlinWallClock: Intl.DateTimeFormat | undefined;
const BERLIN_DAY = () =>
  (berlinDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }));

const BERLIN_WALL_CLOCK = () =>
  (berlinWallClock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Berlin',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'longOffset',
  }));

// Berlin has used only these offsets since 1893 (+03:00 was the double summer time of 1945–47).
const ABBREVIATIONS: Record<string, string> = { '+01:00': 'CET', '+02:00': 'CEST', '+03:00': 'CEMT' };

/** The calendar date in Europe/Berlin as YYYY-MM-DD: the "day" of every daily answer. */
export function berlinDate(now: Date = new Date()): string {
  return berlinDayOf(now.getTime()).date;
}

/** A Berlin calendar day: its date and the instants it starts and ends (exclusive). */
interface BerlinDay {
  date: string;
  startMs: number;
  endMs: number;
}

// The day of the last instant asked about. Every daily answer asks for the date and, for its
// Cache-Control, the seconds to midnight: with the time zone's rules that was 17 µs of a 90 µs
// request (a CPU profile of /anime/oracle); for the rest of the day it is a comparison.
let lastDay: BerlinDay | undefined;

function berlinDayOf(ms: number): BerlinDay {
  if (lastDay && ms >= lastDay.startMs && ms < lastDay.endMs) return lastDay;
  const date = BERLIN_DAY().format(ms);
  const day = {
    date,
    startMs: Date.parse(berlinDayStart(date)),
    endMs: Date.parse(berlinDayStart(nextDate(date))),
  };
  // Kept only when both ends check out against the time zone's own answer, so that a day whose
  // start the rule of berlinDayStart misses (before 1950 the clocks changed at midnight too) is
  // worked out anew each time, as before.
  if (BERLIN_DAY().format(day.startMs) === date && BERLIN_DAY().format(day.endMs - 1) === date) lastDay = day;
  return day;
}

/** The calendar date after `date` (YYYY-MM-DD). */
function nextDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** Wall-clock time in Europe/Berlin at the instant `ms`. */
export function berlinTime(ms: number): BerlinTime {
  const parts = Object.fromEntries(
    BERLIN_WALL_CLOCK()
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName.replace(/^GMT/, '');
  const date = `${parts.year.padStart(4, '0')}-${parts.month}-${parts.day}`;
  const millis = String(((ms % 1000) + 1000) % 1000).padStart(3, '0');
  const time = `${parts.hour}:${parts.minute}:${parts.second}`;
  return {
    timeZone: 'Europe/Berlin',
    iso: `${date}T${time}.${millis}${offset}`,
    date,
    time,
    offset,
    abbreviation: ABBREVIATIONS[offset] ?? `UTC${offset}`,
    summerTime: offset === '+02:00' || offset === '+03:00',
  };
}

/** How far Berlin's wall clock is ahead of UTC at the instant `ms` (one or two hours). */
function berlinOffsetMs(ms: number): number {
  const offset = berlinTime(ms).offset; // "+01:00", "+02:00"
  const minutes = Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6));
  return (offset.startsWith('-') ? -1 : 1) * minutes * 60_000;
}

/**
 * The first instant of the Berlin date `YYYY-MM-DD`, as an ISO-8601 UTC string (the form the
 * database keeps timestamps in, so the two compare as text). Berlin changes its clocks at 01:00
 * UTC (since 1950), never around midnight, so the offset at 00:00 UTC of that date is the one at
 * its start.
 */
export function berlinDayStart(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const utcMidnight = Date.UTC(year, month - 1, day);
  return new Date(utcMidnight - berlinOffsetMs(utcMidnight)).toISOString();
}

/** Whole seconds from `now` to the next midnight in Europe/Berlin, when every daily answer changes. */
export function secondsToBerlinMidnight(now: Date = new Date()): number {
  return Math.max(1, Math.ceil((berlinDayOf(now.getTime()).endMs - now.getTime()) / 1000));
}
