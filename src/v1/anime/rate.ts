import { seededInt, seedText } from '../../lib/deterministic.js';

export interface Rating {
  thing: string;
  score: number;
  /** The score in stars out of five, drawn: `★★★★☆`. */
  stars: string;
  /** 0 to 5, the score in fifths, rounded. */
  starCount: number;
  comment: string;
}

const COMMENTS: Array<[number, string]> = [
  [95, 'Masterpiece. Ten out of ten, would rewatch.'],
  [80, 'Top tier. The opening alone is worth it.'],
  [60, 'Solid. A good way to spend a weekend.'],
  [40, 'Mid. Some good episodes, lots of filler.'],
  [20, 'Rough. Only for the brave.'],
  [0, 'Dropped after episode one.'],
];

/** A stable rating: the same thing (any case or spacing) always gets the same score. */
export function rate(thing: string): Rating {
  const score = seededInt(0, 100, 'rate', seedText(thing));
  const starCount = Math.round(score / 20);
  return {
    thing: thing.trim().replace(/\s+/g, ' '),
    score,
    stars: '★'.repeat(starCount) + '☆'.repeat(5 - starCount),
    starCount,
    comment: (COMMENTS.find(([floor]) => score >= floor) ?? COMMENTS[COMMENTS.length - 1])[1],
  };
}
