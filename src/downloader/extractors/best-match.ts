export interface SearchCandidate {
  id: string;
  title: string;
  channel: string | null;
  /** Seconds. */
  duration: number | null;
}

const UNWANTED = [
  'live',
  'cover',
  'remix',
  'karaoke',
  'instrumental',
  'nightcore',
  'slowed',
  'reverb',
  'sped',
  '8d',
  'reaction',
];

function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Scores search results against a track: the share of the title's and artists' words a result
 * carries, minus a penalty growing with the difference in length, minus a penalty for versions
 * (live, cover, remix, …) the track's own title does not name. Highest wins; null when none fits.
 */
export function bestMatch(
  track: { title: string; artists: string[]; durationMs: number | null },
  candidates: SearchCandidate[],
): SearchCandidate | null {
  const titleWords = new Set(words(track.title));
  const artistWords = new Set(track.artists.flatMap(words));
  let best: { candidate: SearchCandidate; score: number } | null = null;
  for (const candidate of candidates) {
    const have = new Set(words(`${candidate.title} ${candidate.channel ?? ''}`));
    const share = (set: Set<string>) =>
      set.size === 0 ? 1 : [...set].filter((w) => have.has(w)).length / set.size;
    let score = share(titleWords) * 2 + share(artistWords);
    if (track.durationMs !== null && candidate.duration !== null) {
      const diff = Math.abs(candidate.duration - track.durationMs / 1000);
      score -= Math.min(2, diff / 30);
    }
    for (const word of UNWANTED) if (have.has(word) && !titleWords.has(word)) score -= 0.75;
    if (share(titleWords) === 0) continue;
    if (!best || score > best.score) best = { candidate, score };
  }
  return best?.candidate ?? null;
}
