import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { normaliseTags } from '../../../src/directory/groups/tags.js';

describe('normaliseTags', () => {
  test('no tags at all is an empty list', () => {
    assert.deepEqual(normaliseTags(undefined), { ok: true, tags: [] });
    assert.deepEqual(normaliseTags(''), { ok: true, tags: [] });
  });

  test('a comma-separated string', () => {
    assert.deepEqual(normaliseTags(' Anime, MANGA ,,  cosplay '), {
      ok: true,
      tags: ['anime', 'manga', 'cosplay'],
    });
  });

  test('a JSON array string', () => {
    assert.deepEqual(normaliseTags('["Anime", " Manga "]'), { ok: true, tags: ['anime', 'manga'] });
  });

  test('repeated fields, each in either form', () => {
    assert.deepEqual(normaliseTags(['Anime', 'manga, games', '["Music"]']), {
      ok: true,
      tags: ['anime', 'manga', 'games', 'music'],
    });
  });

  test('duplicates, letter case, inner spaces and leading # are folded', () => {
    assert.deepEqual(normaliseTags('#Anime, anime, ANIME,  role   play'), {
      ok: true,
      tags: ['anime', 'role play'],
    });
  });

  test('invisible characters make no second tag', () => {
    assert.deepEqual(normaliseTags('anime\u200b, an\u00adime, anime'), { ok: true, tags: ['anime'] });
  });

  test('refuses more than 10 tags or a tag over 30 characters', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `t${i}`).join(',');
    assert.equal(normaliseTags(eleven).ok, false);
    assert.equal(normaliseTags(Array.from({ length: 10 }, (_, i) => `t${i}`).join(',')).ok, true);
    assert.equal(normaliseTags('x'.repeat(31)).ok, false);
    assert.equal(normaliseTags('x'.repeat(30)).ok, true);
  });

  test('a value that opens with [ but is no JSON is a comma list', () => {
    assert.deepEqual(normaliseTags('[nsfw], fun'), { ok: true, tags: ['[nsfw]', 'fun'] });
    assert.deepEqual(normaliseTags('[nsfw]'), { ok: true, tags: ['[nsfw]'] });
    assert.deepEqual(normaliseTags(['[18+] only', 'chat']), { ok: true, tags: ['[18+] only', 'chat'] });
  });

  test('refuses a broken JSON array or one that holds more than strings', () => {
    assert.deepEqual(normaliseTags('["a",'), { ok: false, message: 'is not a valid JSON array' });
    assert.equal(normaliseTags('["a", 1]').ok, false);
    assert.equal(normaliseTags('[{"a":1}]').ok, false);
    assert.equal(normaliseTags('[ "a", "b"').ok, false);
    assert.equal(normaliseTags('[1, 2]').ok, false);
  });
});
