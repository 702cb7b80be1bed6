/** Words and numbers as the UI shows them. Pure functions, unit-tested in test/web/format.test.ts. */

const rules = new Intl.PluralRules('en');
const numbers = new Intl.NumberFormat('en');

/** "1 member", "2 members", "0 likes": the count and the noun in the form English gives it. */
export function plural(count: number, one: string, other = `${one}s`): string {
  return `${numbers.format(count)} ${pluralWord(count, one, other)}`;
}

/** The noun alone, in the form that goes with `count` ("member" or "members"). */
export function pluralWord(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === 'one' ? one : other;
}

/**
 * A file size as a person reads it: "800 KB", "2.5 MB", in decimal units as LOGO_MAX_BYTES is.
 * Rounded up, so a file over a limit never reads as the limit itself; the unit stays on the
 * number's line (a no-break space).
 */
export function fileSize(bytes: number): string {
  if (bytes < 1000) return plural(bytes, 'byte');
  if (bytes < 1_000_000) return `${Math.ceil(bytes / 1000)}\u00a0KB`;
  const mb = bytes / 1_000_000;
  return `${numbers.format(mb < 10 ? Math.ceil(mb * 10) / 10 : Math.ceil(mb))}\u00a0MB`;
}
