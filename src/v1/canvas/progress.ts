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

const compactFormat = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const fullFormat = new Intl.NumberFormat('en');

/** 950 → "950", 12 345 → "12.3K": short enough for a bar label. */
export function compactNumber(value: number): string {
  return value < 10_000 ? fullFormat.format(value) : compactFormat.format(value);
}

/** Ranks are shown exactly up to 99,999 ("#12,345"), shortened above ("#1.2M") so they never crowd out the name. */
export function rankLabel(rank: number): string {
  return `#${rank < 100_000 ? fullFormat.format(rank) : compactFormat.format(rank)}`;
}
