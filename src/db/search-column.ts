import type { Kysely } from 'kysely';
import type { Database } from './database.js';

/**
 * The stored form of a group's searchable words (the `search_text` column), which the full-text
 * indexes of both dialects read: SQLite's FTS5 table and PostgreSQL's tsvector column are built
 * from it by the database itself (migration 006). It lives on the ground floor because that
 * migration rewrites the column of existing rows; the directory builds its searches from it.
 *
 * A word is a run of letters and digits after NFKD, with combining marks dropped and lower-cased,
 * the same normalisation for a group and for a search, so a search word matches when it begins a
 * word of the group (docs/groups.md).
 *
 * Each word is stored as a token that no index tokenizer can change: characters in SAFE_RANGES
 * (lower-case ASCII letters and digits, and the letters of the big scripts, which SQLite's
 * unicode61 tokenizer keeps as they are — test/db/search-column.test.ts checks every one of them)
 * stand for themselves; any other character becomes ESCAPE and its code point in four base-36
 * digits. The code is prefix-free, so a word begins with a search word exactly when its token
 * begins with the search word's token: prefix queries on tokens answer the question on words,
 * whatever Unicode version or case folding the database knows.
 */

export const ESCAPE = '~';

/** Longer words are cut to this many characters; a search word may have at most this many. */
export const MAX_WORD_CHARS = 200;

/** Code point ranges that stand for themselves in a token (inclusive). */
export const SAFE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x30, 0x39], // 0-9
  [0x61, 0x7a], // a-z
  [0x3b1, 0x3c1], // Greek α-ρ (final ς is folded to σ by unicode61, so it is escaped)
  [0x3c3, 0x3c9], // Greek σ-ω
  [0x430, 0x44f], // Cyrillic а-я
  [0x5d0, 0x5ea], // Hebrew letters
  [0x621, 0x63a], // Arabic letters
  [0x641, 0x64a],
  [0x905, 0x939], // Devanagari letters
  [0xe01, 0xe2e], // Thai consonants
  [0x1100, 0x1112], // Hangul jamo, the form Hangul syllables take after NFKD
  [0x1161, 0x1175],
  [0x11a8, 0x11c2],
  [0x3041, 0x3096], // Hiragana
  [0x30a1, 0x30fa], // Katakana
  [0x4e00, 0x9fcb], // CJK unified ideographs (as of Unicode 6.1, which unicode61 knows)
];

function isSafe(codePoint: number): boolean {
  for (const [low, high] of SAFE_RANGES) if (codePoint >= low && codePoint <= high) return true;
  return false;
}

export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The index token of one normalised word (see above). */
export function searchToken(word: string): string {
  let token = '';
  for (const char of word) {
    const codePoint = char.codePointAt(0) as number;
    token += isSafe(codePoint) ? char : ESCAPE + codePoint.toString(36).padStart(4, '0');
  }
  return token;
}

/** A word cut to MAX_WORD_CHARS characters (code points, not UTF-16 units). */
export function capWord(word: string): string {
  if (word.length <= MAX_WORD_CHARS) return word;
  return Array.from(word).slice(0, MAX_WORD_CHARS).join('');
}

/**
 * The stored search column: the distinct tokens of title, description and tags, separated by one
 * space, with a space at both ends (" naruto fans ~0101 "). Words are cut at MAX_WORD_CHARS first,
 * which keeps every token within PostgreSQL's 2,047-byte lexeme limit and changes no answer: no
 * search word is longer than that.
 */
export function searchColumn(parts: { title: string; description: string; tags: string[] }): string {
  const words = [
    ...searchWords(parts.title),
    ...searchWords(parts.description),
    ...parts.tags.flatMap(searchWords),
  ];
  const tokens = new Set(words.map((word) => searchToken(capWord(word))));
  return ` ${[...tokens].join(' ')} `;
}

/**
 * Brings every stored search column to the form searchColumn gives today, in slices of `batch`
 * groups by id, each slice its own statement set (and, outside a migration, its own transaction),
 * so that writers are never held up for long and the full-text triggers keep the index in step.
 * Returns how many rows changed.
 */
export async function rewriteSearchColumn(
  db: Kysely<Database>,
  options: {
    batch?: number;
    onProgress?: (done: number, changed: number) => void;
    /** The caller holds a transaction already (a migration: src/db/migrate.ts). */
    inTransaction?: boolean;
  } = {},
): Promise<number> {
  const batch = options.batch ?? 2000;
  let lastId = 0;
  let done = 0;
  let changed = 0;
  for (;;) {
    const slice = (trx: Kysely<Database>) => rewriteSlice(trx, lastId, batch);
    const result =
      db.isTransaction || options.inTransaction ? await slice(db) : await db.transaction().execute(slice);
    if (result.rows === 0) break;
    lastId = result.lastId;
    done += result.rows;
    changed += result.changed;
    options.onProgress?.(done, changed);
  }
  return changed;
}

async function rewriteSlice(db: Kysely<Database>, afterId: number, batch: number) {
  const rows = await db
    .selectFrom('groups')
    .select(['id', 'title', 'description', 'tags', 'search_text'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(batch)
    .execute();
  let changed = 0;
  for (const row of rows) {
    const text = searchColumn({
      title: row.title,
      description: row.description,
      tags: JSON.parse(row.tags) as string[],
    });
    if (text === row.search_text) continue;
    await db.updateTable('groups').set({ search_text: text }).where('id', '=', row.id).execute();
    changed += 1;
  }
  return { rows: rows.length, lastId: rows.at(-1)?.id ?? afterId, changed };
}
