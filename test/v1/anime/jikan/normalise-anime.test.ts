import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  normaliseAnime,
  normaliseList,
  pickBestMatch,
} from '../../../../src/v1/anime/jikan/normalise-anime.js';
import { jikanAnime } from '../fake-jikan.js';

describe('normaliseAnime', () => {
  it('maps a Jikan v4 anime to the normalised fields', () => {
    assert.deepEqual(normaliseAnime(jikanAnime(1, 'Cowboy Bebop')), {
      malId: 1,
      title: 'Cowboy Bebop',
      titleEnglish: 'Cowboy Bebop (English)',
      score: 8.5,
      episodes: 12,
      genres: ['Action', 'Drama'],
      synopsis: 'The story of Cowboy Bebop.',
      poster: 'https://cdn.myanimelist.net/images/anime/1l.jpg',
      url: 'https://myanimelist.net/anime/1',
      season: 'fall',
      year: 2024,
    });
  });

  it('turns missing, empty or mistyped optional fields into null and keeps only named genres', () => {
    const anime = normaliseAnime({
      mal_id: 7,
      title: 'Bare',
      title_english: '',
      score: 'high',
      episodes: 2.5,
      synopsis: null,
      images: {
        jpg: { image_url: 'javascript:alert(1)' },
        webp: { image_url: 'https://cdn.example/7.webp' },
      },
      genres: [{ name: 'Comedy' }, { id: 3 }, 'Drama'],
      url: 'ftp://nope',
    });
    assert.deepEqual(anime, {
      malId: 7,
      title: 'Bare',
      titleEnglish: null,
      score: null,
      episodes: null,
      genres: ['Comedy'],
      synopsis: null,
      poster: 'https://cdn.example/7.webp',
      url: null,
      season: null,
      year: null,
    });
  });

  it('gives null without an integer id and a title', () => {
    assert.equal(normaliseAnime({ title: 'No id' }), null);
    assert.equal(normaliseAnime({ mal_id: '5', title: 'String id' }), null);
    assert.equal(normaliseAnime({ mal_id: 5, title: '  ' }), null);
    assert.equal(normaliseAnime(null), null);
    assert.equal(normaliseAnime([1]), null);
  });
});

describe('normaliseList', () => {
  it('drops unusable and repeated entries', () => {
    const list = normaliseList({
      data: [jikanAnime(1, 'A'), { junk: true }, jikanAnime(1, 'A again'), jikanAnime(2, 'B')],
    });
    assert.deepEqual(
      list.map((a) => a.malId),
      [1, 2],
    );
  });
  it('throws when the answer has no data list', () => {
    assert.throws(() => normaliseList({ data: {} }));
    assert.throws(() => normaliseList('nope'));
  });
});

describe('pickBestMatch', () => {
  const list = normaliseList({
    data: [
      jikanAnime(20, 'Naruto'),
      jikanAnime(1735, 'Naruto: Shippuuden', { title_english: 'Naruto Shippuden' }),
    ],
  });
  it('prefers an exact title match in any language, ignoring case and punctuation', () => {
    assert.equal(pickBestMatch(list, 'naruto shippuuden')?.malId, 1735);
    assert.equal(pickBestMatch(list, 'NARUTO SHIPPUDEN')?.malId, 1735);
  });
  it('falls back to the upstream order, and gives null for no candidates', () => {
    assert.equal(pickBestMatch(list, 'ninja')?.malId, 20);
    assert.equal(pickBestMatch([], 'anything'), null);
  });
});
