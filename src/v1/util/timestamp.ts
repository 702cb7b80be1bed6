import { type BerlinTime, berlinTime } from '../../lib/berlin-clock.js';
import { badRequest } from '../../lib/problem.js';

/**
 * Numbers whose magnitude is below 10^11 are Unix seconds (that reaches the year 5138); larger
 * ones are Unix milliseconds (10^11 ms is March 1973, so real millisecond stamps never look
 * like seconds).
 */
export const SECONDS_BELOW = 1e11;

/** 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: what a four-digit ISO year can show. */
export const MIN_MS = -62135596800000;
export const MAX_MS = 253402300799999;

export type TimestampSource = 'now' | 'seconds' | 'milliseconds' | 'iso';

export interface TimestampInfo {
  source: TimestampSource;
  unix: number;
  unixMs: number;
  iso: string;
  berlin: BerlinTime;
}

const NUMBER = /^[+-]?\d+(\.\d+)?$/;
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * The instant `ts` names, in milliseconds: Unix seconds or milliseconds (by magnitude, see
 * SECONDS_BELOW) or an ISO 8601 date or date-time. An ISO time without an offset is UTC, so the
 * answer never depends on the server's own time zone.
 */
export function parseTimestamp(ts: string): { ms: number; source: TimestampSource } {
  const input = ts.trim();
  let ms: number;
  let source: TimestampSource;
  if (NUMBER.test(input)) {
    const value = Number(input);
    source = Math.abs(value) < SECONDS_BELOW ? 'seconds' : 'milliseconds';
    ms = Math.floor(source === 'seconds' ? Math.round(value * 1e6) / 1e3 : value);
  } else {
    const parsed = parseIso(input);
    if (parsed === undefined) {
      throw badRequest('ts', 'must be Unix seconds, Unix milliseconds or an ISO 8601 date-time');
    }
    ms = parsed;
    source = 'iso';
  }
  if (!(ms >= MIN_MS && ms <= MAX_MS)) {
    throw badRequest('ts', 'must lie between the years 0001 and 9999');
  }
  return { ms, source };
}

function parseIso(input: string): number | undefined {
  const match = ISO.exec(input);
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = 'Z'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined; // 2026-02-30
  date.setUTCHours(hour, minute, second, Number(fraction.padEnd(3, '0').slice(0, 3)));
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2) || '0');
    if (hours > 23 || minutes > 59) return undefined;
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  return date.getTime() - offsetMinutes * 60_000;
}

export function describeTimestamp(ms: number, source: TimestampSource): TimestampInfo {
  return {
    source,
    unix: Math.floor(ms / 1000),
    unixMs: ms,
    iso: new Date(ms).toISOString(),
    berlin: berlinTime(ms),
  };
}
