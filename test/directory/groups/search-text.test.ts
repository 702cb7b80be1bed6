import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { searchToken } from '../../../src/db/search-column.js';
import {
  relevanceScore,
  searchColumn,
  searchTerms,
  searchWords,
} from '../../../src/directory/groups/search-text.js';

const terms = (search: string) => {
  const result = searchTerms(search);
  assert.ok(result.ok);
  return result.terms;
};

describe('search text', () => {
  test('words are lower-case letters and digits, without diacritics', () => {
    assert.deepEqual(searchWords('Café  K-Pop, Naruto_2!'), ['cafe', 'k', 'pop', 'naruto', '2']);
    assert.deepEqual(searchWords('Ärger ÜBER Öl'), ['arger', 'uber', 'ol']);
  });

  test('the column holds each token once, padded with spaces', () => {
    assert.equal(
      searchColumn({ title: 'Anime Fans', description: 'anime and manga', tags: ['cosplay', 'anime'] }),
      ' anime fans and manga cosplay ',
    );
  });

  test('letters of the big scripts stand for themselves, anything else is escaped', () => {
    assert.equal(searchToken('naruto2'), 'naruto2');
    assert.equal(searchToken('東京'), '東京');
    assert.equal(searchToken('москва'), 'москва');
    // ø has no decomposition; ς would be folded to σ by the FTS tokenizer; 𝔸 is outside the BMP.
    assert.equal(searchToken('øl'), '~006wl');
    assert.equal(searchToken('λογος'), 'λογο~00qq');
    assert.equal(searchToken('\u{1e900}'), `~${(0x1e900).toString(36).padStart(4, '0')}`);
  });

  test('a word begins with another exactly when its token begins with the other one', () => {
    const words = ['ø', 'øl', 'o', 'ol', 'λογος', 'λογοσ', 'a~', '東', '東京'];
    for (const a of words) {
      for (const b of words) {
        const wordsBegin = a.startsWith(b);
        assert.equal(searchToken(a).startsWith(searchToken(b)), wordsBegin, `${a} / ${b}`);
      }
    }
  });

  test('long words are cut at 200 characters in the column', () => {
    const column = searchColumn({ title: 'x'.repeat(500), description: 'short', tags: [] });
    assert.equal(column, ` ${'x'.repeat(200)} short `);
  });

  test('search terms: distinct words and their tokens, at most ten', () => {
    assert.deepEqual(terms('Naruto  naruto øl'), { words: ['naruto', 'øl'], tokens: ['naruto', '~006wl'] });
    assert.deepEqual(terms('!!!'), { words: [], tokens: [] });
    assert.equal(terms(Array.from({ length: 15 }, (_, i) => `w${i}`).join(' ')).words.length, 10);
  });

  test('a search word over 200 characters is refused, not cut', () => {
    // The ligature ﬃ is three letters under NFKD: 67 of them make one word of 201.
    const result = searchTerms('\ufb03'.repeat(67));
    assert.equal(result.ok, false);
    assert.ok(searchTerms('\ufb03'.repeat(66)).ok);
  });

  test('relevance: title before tags before description, a whole word counts one more', () => {
    const group = (title: string, tags: string[], description: string) => ({ title, tags, description });
    const words = ['naruto'];
    assert.equal(relevanceScore(group('Naruto Fans', [], 'x'), words), 4);
    assert.equal(relevanceScore(group('Narutoverse', [], 'x'), words), 3);
    assert.equal(relevanceScore(group('Fans', ['naruto'], 'x'), words), 3);
    assert.equal(relevanceScore(group('Fans', [], 'about naruto'), words), 2);
    assert.equal(relevanceScore(group('Naruto', ['manga'], 'x'), ['naruto', 'manga']), 7);
    assert.equal(relevanceScore(group('Fans', [], 'x'), words), 0);
  });
});
