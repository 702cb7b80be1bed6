/**
 * Free-text search without dialect-specific full-text features: the words of a group are
 * normalised in JS (NFKD, diacritics dropped, lower-case, split on anything but letters and
 * digits) and stored as " word word … "; a search word w matches with LIKE '% w%', i.e. it must
 * begin a word. Both sides are normalised the same way, so SQLite and PostgreSQL agree exactly.
 */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The stored search column for a group. */
export function searchColumn(parts: { title: string; description: string; tags: string[] }): string {
  const words = new Set([
    ...searchWords(parts.title),
    ...searchWords(parts.description),
    ...parts.tags.flatMap(searchWords),
  ]);
  return ` ${[...words].join(' ')} `;
}

export const MAX_SEARCH_WORDS = 10;

/** The LIKE patterns for a search string: one per distinct word (at most MAX_SEARCH_WORDS). */
export function searchPatterns(search: string): string[] {
  // Words hold only letters and digits, so they carry no LIKE wildcard (% or _) to escape.
  return [...new Set(searchWords(search))].slice(0, MAX_SEARCH_WORDS).map((word) => `% ${word}%`);
}
