import { seededInt, seedText } from '../../lib/deterministic.js';

export interface ShipResult {
  /** The two names, in the order the result is built from (independent of the order given). */
  pair: [string, string];
  percentage: number;
  verdict: string;
  bar: string;
  shipName: string;
}

const VERDICTS: Array<[number, string]> = [
  [100, 'Soulmates. The anime ends with a wedding.'],
  [90, 'Canon couple. The fandom is crying happy tears.'],
  [75, 'Strong chemistry. Confession scene incoming.'],
  [60, 'Slow burn. Give it two more seasons.'],
  [45, 'Friends first, and maybe more in the OVA.'],
  [30, 'Awkward glances, nothing more.'],
  [15, 'Rivals at best.'],
  [0, 'Not even in fan fiction.'],
];

const BAR_LENGTH = 10;

// One segmenter for the process: building one costs far more than segmenting a name.
// Built on first use, not at import (its break data costs a few MB).
let segmenter: Intl.Segmenter | undefined;
function graphemeSegmenter(): Intl.Segmenter {
  if (!segmenter) segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return segmenter;
}
const graphemes = (text: string) =>
  /^[\x20-\x7e]*$/.test(text) ? [...text] : [...graphemeSegmenter().segment(text)].map((s) => s.segment);

export function verdictFor(percentage: number): string {
  return (VERDICTS.find(([floor]) => percentage >= floor) ?? VERDICTS[VERDICTS.length - 1])[1];
}

/** A ten-cell meter, e.g. `███████░░░` for 70 %. */
export function meterBar(percentage: number, length = BAR_LENGTH): string {
  const filled = Math.round((percentage / 100) * length);
  return '█'.repeat(filled) + '░'.repeat(length - filled);
}

/** Front half of the first name's first word and back half of the second's: Naruto × Hinata → Hinuto. */
export function shipName(first: string, second: string): string {
  const a = graphemes(first.trim().split(/\s+/)[0] ?? '');
  const b = graphemes(second.trim().split(/\s+/)[0] ?? '');
  const front = a.slice(0, Math.ceil(a.length / 2)).join('');
  const back = b.slice(Math.ceil(b.length / 2)).join('');
  const joined = `${front}${back}`.toLowerCase();
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

/** The ship meter: the same two names give the same result in either order, forever. */
export function ship(a: string, b: string): ShipResult {
  const named = [
    { display: a.trim().replace(/\s+/g, ' '), key: seedText(a) },
    { display: b.trim().replace(/\s+/g, ' '), key: seedText(b) },
  ].sort((x, y) =>
    x.key < y.key ? -1 : x.key > y.key ? 1 : x.display < y.display ? -1 : x.display > y.display ? 1 : 0,
  );
  const [first, second] = named;
  // Someone shipped with themselves is a love story we approve of.
  const percentage = first.key === second.key ? 100 : seededInt(0, 100, 'ship', first.key, second.key);
  return {
    pair: [first.display, second.display],
    percentage,
    verdict: verdictFor(percentage),
    bar: meterBar(percentage),
    shipName: shipName(first.display, second.display),
  };
}
