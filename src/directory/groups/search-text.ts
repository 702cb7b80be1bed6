import { MAX_WORD_CHARS, searchColumn, searchToken, searchWords } from '../../db/search-column.js';

/**
 * Free-text search: a search word matches when it begins a word of the title, description or
 * tags, after the same normalisation on both sides (src/db/search-column.ts). The indexes of both
 * dialects hold the words as tokens, so a search is a prefix query on tokens.
 */
export { searchColumn, searchWords };

export const MAX_SEARCH_WORDS = 10;

/** What a search string asks for: its distinct words (at most MAX_SEARCH_WORDS) and their tokens. */
export interface SearchTerms {
  words: string[];
  tokens: string[];
}

export type SearchTermsResult = { ok: true; terms: SearchTerms } | { ok: false; message: string };

/**
 * The terms of a search string; none for a string without letters or digits (no filter). Words
 * past the tenth are ignored, as they always were. A word longer than MAX_WORD_CHARS (possible
 * only through NFKD, which turns some single characters into many) is refused rather than cut,
 * because cut it would match more than it says.
 */
export function searchTerms(search: string): SearchTermsResult {
  const words = [...new Set(searchWords(search))].slice(0, MAX_SEARCH_WORDS);
  if (words.some((word) => Array.from(word).length > MAX_WORD_CHARS)) {
    return { ok: false, message: `has a word of more than ${MAX_WORD_CHARS} letters and digits` };
  }
  return { ok: true, terms: { words, tokens: words.map(searchToken) } };
}

/** Points of a search word by where it begins a word: the title counts most, then tags. */
const FIELD_POINTS = { title: 3, tags: 2, description: 1 } as const;

/**
 * How well a group answers a search, for sort=relevance: per search word, the points of the best
 * field in which it begins a word, one more where it is that whole word. Whole numbers, so the
 * cursor carries the score exactly; the same on both dialects, because it is computed here.
 */
export function relevanceScore(
  group: { title: string; description: string; tags: string[] },
  words: string[],
): number {
  const fields = [
    { points: FIELD_POINTS.title, words: searchWords(group.title) },
    { points: FIELD_POINTS.tags, words: group.tags.flatMap(searchWords) },
    { points: FIELD_POINTS.description, words: searchWords(group.description) },
  ];
  let score = 0;
  for (const word of words) {
    for (const field of fields) {
      const begins = field.words.filter((w) => w.startsWith(word));
      if (begins.length === 0) continue;
      score += field.points + (begins.includes(word) ? 1 : 0);
      break;
    }
  }
  return score;
}
