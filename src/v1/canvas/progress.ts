/**
 * The XP a level takes when the caller does not say: the curve most Discord levelling bots use
 * (5·level² + 50·level + 100), so a card without `needed` still shows a believable bar.
 */
export function defaultXpNeeded(level: number): number {
  return 5 * level * level + 50 * level + 100;
}

/** The filled share of the bar, 0 to 1; xp beyond what is needed fills it, never overflows it. */
export function progressShare(xp: number, needed: number): number {
  if (needed <= 0) return 1;
  return Math.min(1, Math.max(0, xp / needed));
}

// Rounded down, never up: 999,999,999 of 1,000,000,000 reads "999.9M / 1B", not "1B / 1B".
// (roundingMode is ES2023 Intl, which Node has but the project's TypeScript lib does not list.)
const compactOptions: Intl.NumberFormatOptions & { roundingMode: 'trunc' } = {
  notation: 'compact',
  maximumFractionDigits: 1,
  roundingMode: 'trunc',
};
// Built on first use: card-query reads this module at start-up, and the locale data a
// NumberFormat pages in costs several MB.
let compact: Intl.NumberFormat | undefined;
let full: Intl.NumberFormat | undefined;
const compactFormat = () => (compact ??= new Intl.NumberFormat('en', compactOptions));
const fullFormat = () => (full ??= new Intl.NumberFormat('en'));

/** 950 → "950", 12 345 → "12.3K", 99 999 → "99.9K": short enough for a bar label, never rounded up. */
export function compactNumber(value: number): string {
  return value < 10_000 ? fullFormat().format(value) : compactFormat().format(value);
}

/** Ranks are shown exactly up to 99,999 ("#12,345"), shortened above ("#1.2M") so they never crowd out the name. */
export function rankLabel(rank: number): string {
  return `#${rank < 100_000 ? fullFormat().format(rank) : compactFormat().format(rank)}`;
}

/**
 * What a card writes next to its bar. XP beyond what the level takes is shown as it is
 * ("2,500 / 2,000 XP") while the bar and the percentage stop at full (100 %).
 */
export function xpFigures(xp: number, needed: number): { xp: string; needed: string; percent: string } {
  return {
    xp: compactNumber(xp),
    needed: compactNumber(needed),
    percent: `${Math.floor(progressShare(xp, needed) * 100)}%`,
  };
}
