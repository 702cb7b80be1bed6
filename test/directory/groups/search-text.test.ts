import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { searchColumn, searchPatterns, searchWords } from '../../../src/directory/groups/search-text.js';

describe('search text', () => {
  test('words are lower-case letters and digits, without diacritics', () => {
    assert.deepEqual(searchWords('Café  K-Pop, Naruto_2!'), ['cafe', 'k', 'pop', 'naruto', '2']);
    assert.deepEqual(searchWords('Ärger ÜBER Öl'), ['arger', 'uber', 'ol']);
  });

  test('the column holds each word once, padded with spaces', () => {
    assert.equal(
      searchColumn({ title: 'Anime Fans', description: 'anime and manga', tags: ['cosplay', 'anime'] }),
      ' anime fans and manga cosplay ',
    );
  });

  test('each search word becomes a word-prefix LIKE pattern without wildcards of its own', () => {
    assert.deepEqual(searchPatterns('Naruto  naruto 100%_off'), ['% naruto%', '% 100%', '% off%']);
    assert.deepEqual(searchPatterns('!!!'), []);
  });

  test('at most ten words are searched', () => {
    assert.equal(searchPatterns(Array.from({ length: 15 }, (_, i) => `w${i}`).join(' ')).length, 10);
  });
});
