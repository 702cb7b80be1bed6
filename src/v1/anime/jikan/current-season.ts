export type SeasonName = 'winter' | 'spring' | 'summer' | 'fall';

const SEASONS: SeasonName[] = ['winter', 'spring', 'summer', 'fall'];

/** The anime broadcast season of a calendar date (YYYY-MM-DD): winter is January to March, and so on. */
export function seasonOf(date: string): { season: SeasonName; year: number } {
  const [year, month] = date.split('-').map(Number);
  return { season: SEASONS[Math.floor((month - 1) / 3)], year };
}
