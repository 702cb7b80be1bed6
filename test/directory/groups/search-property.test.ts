import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { dialectOf } from '../../../src/db/database.js';
import { searchWords } from '../../../src/db/search-column.js';
import type { Cursor } from '../../../src/directory/groups/cursor.js';
import { listGroups } from '../../../src/directory/groups/group-list-repository.js';
import { MAX_SEARCH_WORDS, searchTerms } from '../../../src/directory/groups/search-text.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { seedGroup } from './group-fixtures.js';

/**
 * The indexed search answers exactly what the search meant before it was indexed: a search word
 * matches when it begins a word of the title, description or tags, after the same normalisation
 * on both sides. The meaning is written out here in memory, the way the LIKE over the search
 * column had it, and compared with both plans of each dialect over titles in many scripts.
 */
function meaning(group: Corpus, search: string): boolean {
  const words = new Set([
    ...searchWords(group.title),
    ...searchWords(group.description),
    ...group.tags.flatMap(searchWords),
  ]);
  const wanted = [...new Set(searchWords(search))].slice(0, MAX_SEARCH_WORDS);
  return wanted.every((w) => [...words].some((word) => word.startsWith(w)));
}

interface Corpus {
  id: number;
  title: string;
  description: string;
  tags: string[];
  verified: boolean;
  createdAt: string;
}

/**
 * Pieces of text from many scripts, with the characters where normalisations differ: decomposed
 * and precomposed accents, ø and ł (no decomposition), final sigma, ß and ſ, ligatures,
 * full-width and mathematical letters, Hangul syllables (NFKD makes jamo), kana with voicing
 * marks, Devanagari vowel signs, Cherokee (whose lower case is newer than SQLite's tables),
 * scripts newer than Unicode 6.1 (Adlam), other digits, emoji and punctuation.
 */
const PIECES = [
  'naruto',
  'Naruto',
  'NARUTO',
  'nar',
  'ramen',
  'café',
  'cafe\u0301',
  'CAFÉ',
  'øl',
  'ol',
  'Łódź',
  'lodz',
  'λόγος',
  'ΛΟΓΟΣ',
  'λογοσ',
  'σας',
  'straße',
  'strasse',
  'ſtar',
  'ﬃ',
  'ﬁne',
  'Ｎａｒｕｔｏ',
  '𝔸𝕟𝕚𝕞𝕖',
  '한국어',
  '한',
  '東京',
  '東',
  '京都',
  'がっこう',
  'かっこう',
  'ガ',
  'हिन्दी',
  'हि',
  'Москва',
  'москва',
  'мос',
  'ᏣᎳᎩ',
  'ꮳꮃꭹ',
  '𞤀𞤣𞤤𞤢𞤥',
  '𞤢𞤣',
  '٣٤',
  '34',
  '१२',
  'ǅemal',
  'ǆ',
  'İstanbul',
  'istanbul',
  'ı',
  'שלום',
  'مرحبا',
  'ไทย',
  'ᦺᦑ',
  'ᦑ',
  'a~b',
  '~0067',
  'z',
  '🙂',
  '👩‍💻',
  '_',
  '%',
  '"',
  "'",
  '*',
  '-',
  ':',
  'NEAR',
  'AND',
  'OR',
  ' ',
  ' ',
  ', ',
  '.',
  '\n',
  '\u200b',
  'x'.repeat(210),
];

const text = (maxPieces: number) =>
  fc
    .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: maxPieces })
    .map((parts) => parts.join(' '));

/** Text that holds some letters (a blank title or description is refused at submission). */
const someLetters = (t: string) => /[\p{L}\p{N}]/u.test(t.normalize('NFKC'));
const title = text(4).filter(someLetters);

let app: FastifyInstance;
const corpus: Corpus[] = [];

before(async () => {
  app = await buildTestApp();
  const groups = fc.sample(
    fc.record({
      title,
      description: text(8).filter(someLetters),
      tags: fc.array(fc.constantFrom(...PIECES.filter((p) => /^[\p{L}\p{N}]{1,30}$/u.test(p))), {
        maxLength: 3,
      }),
      verified: fc.boolean(),
    }),
    { numRuns: 60, seed: 20261125 },
  );
  for (const [i, group] of groups.entries()) {
    const row = await seedGroup(app, {
      title: group.title.slice(0, 120),
      description: group.description.slice(0, 2000),
      tags: group.tags.join(','),
      verified: group.verified,
      // Out of id order now and then, so the order is created_at's, not the id's.
      createdAt: new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % 61) * 60_000).toISOString(),
    });
    corpus.push({
      id: row.id,
      title: row.title,
      description: row.description,
      tags: JSON.parse(row.tags) as string[],
      verified: row.is_verified === 1,
      createdAt: row.created_at,
    });
  }
});

/** Ids of the verified groups that the in-memory meaning selects, newest first. */
function expected(search: string): number[] {
  return corpus
    .filter((group) => group.verified && meaning(group, search))
    .sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1))
    .map((group) => group.id);
}

/** The start of a piece of text, cut anywhere (inside a surrogate pair or an accent too). */
const pieceStart = fc
  .constantFrom(...PIECES)
  .chain((piece) => fc.integer({ min: 1, max: Math.max(1, piece.length) }).map((n) => piece.slice(0, n)));

/** A search: starts of words from the corpus, alone or several, or anything at all. */
const search = fc.oneof(
  { arbitrary: pieceStart, weight: 4 },
  {
    arbitrary: fc.array(pieceStart, { minLength: 2, maxLength: 3 }).map((parts) => parts.join(' ')),
    weight: 2,
  },
  { arbitrary: text(3), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }), weight: 1 },
);

/** Pairs that only an exact normalisation keeps apart, always tried first. */
const EXAMPLES = [
  'λογοσ',
  'λογος',
  'σας',
  'ol',
  'øl',
  'strasse',
  'star',
  'ᦺ',
  'ᦑ',
  'ꮳ',
  'Ꮳ',
  'ffi',
  'fine',
  'ﬁ',
  'ı',
  'i',
];

describe('search means what it meant', () => {
  for (const [name, plan] of [
    ['planned per request', undefined],
    ['from the full-text index', 'index'],
    ['by walking the newest-first index', 'walk'],
  ] as const) {
    test(`the same rows as the in-memory meaning, ${name}`, async (t) => {
      if (plan !== undefined && dialectOf(app.db) === 'postgres') {
        t.skip('PostgreSQL has one plan: its planner picks the index');
        return;
      }
      let found = 0;
      await fc.assert(
        fc.asyncProperty(search, async (text) => {
          const terms = searchTerms(text);
          if (!terms.ok) return; // a word over 200 letters: refused with a 400 (search-text.test.ts)
          const rows = await listGroups(
            app.db,
            { verified: true, search: terms.terms, limit: 1000 },
            { plan },
          );
          assert.deepEqual(
            rows.map((row) => row.id),
            expected(text),
            `search ${JSON.stringify(text)}`,
          );
          if (rows.length > 0 && rows.length < corpus.length / 2) found += 1;
          // Page by page, three at a time, each page after the last row of the one before.
          const paged: number[] = [];
          let after: Cursor | undefined;
          for (;;) {
            const page = await listGroups(
              app.db,
              { verified: true, search: terms.terms, after, limit: 3 },
              { plan },
            );
            paged.push(...page.map((row) => row.id));
            if (page.length < 3) break;
            after = { createdAt: page[2].created_at, id: page[2].id };
          }
          assert.deepEqual(paged, expected(text), `pages of ${JSON.stringify(text)}`);
        }),
        { numRuns: 400, seed: 7, examples: EXAMPLES.map((example) => [example]) },
      );
      // The searches must select something, and not everything, often enough to mean anything.
      assert.ok(found > 50, `only ${found} searches selected some groups`);
    });
  }

  test('over HTTP too, page by page', async () => {
    await fc.assert(
      fc.asyncProperty(search, async (text) => {
        if (!searchTerms(text).ok || /\p{Cs}/u.test(text)) return;
        const ids: number[] = [];
        let url: string | null = `/api/groups?limit=7&search=${encodeURIComponent(text)}`;
        while (url) {
          const response: LightMyRequestResponse = await app.inject({ url });
          assert.equal(response.statusCode, 200, response.body);
          ids.push(...response.json().map((group: { id: number }) => group.id));
          const next = /^<([^>]+)>; rel="next"$/.exec(String(response.headers.link ?? ''));
          url = next ? new URL(next[1]).pathname + new URL(next[1]).search : null;
        }
        assert.deepEqual(ids, expected(text), `search ${JSON.stringify(text)}`);
      }),
      { numRuns: 80, seed: 11, examples: EXAMPLES.map((example) => [example]) },
    );
  });
});
