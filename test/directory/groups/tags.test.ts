import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { normalizeTags } from '../../../src/directory/groups/tags.js';

describe('normalizeTags', () => {
  test('no tags at all is an empty list', () => {
    assert.deepEqual(normalizeTags(undefined), { ok: true, tags: [] });
    assert.deepEqual(normalizeTags(''), { ok: true, tags: [] });
  });

  test('a comma-separated string', () => {
    assert.deepEqual(normalizeTags(' Anime, MANGA ,,  cosplay '), {
      ok: true,
      tags: ['anime', 'manga', 'cosplay'],
    });
  });

  test('a JSON array string', () => {
    assert.deepEqual(normalizeTags('["Anime", " Manga "]'), { ok: true, tags: ['anime', 'manga'] });
  });

  test('repeated fields, each in either form', () => {
    assert.deepEqual(normalizeTags(['Anime', 'manga, games', '["Music"]']), {
      ok: true,
      tags: ['anime', 'manga', 'games', 'music'],
    });
  });

  test('duplicates, letter case, inner spaces and leading # are folded', () => {
    assert.deepEqual(normalizeTags('#Anime, anime, ANIME,  role   play'), {
      ok: true,
      tags: ['anime', 'role play'],
    });
  });

  test('invisible characters make no second tag', () => {
    assert.deepEqual(normalizeTags('anime\u200b, an\u00adime, anime'), { ok: true, tags: ['anime'] });
  });

  test('refuses more than 10 tags or a tag over 30 characters', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `t${i}`).join(',');
    assert.equal(normalizeTags(eleven).ok, false);
    assert.equal(normalizeTags(Array.from({ length: 10 }, (_, i) => `t${i}`).join(',')).ok, true);
    assert.equal(normalizeTags('x'.repeat(31)).ok, false);
    assert.equal(normalizeTags('x'.repeat(30)).ok, true);
  });

  test('a value that opens with [ but is no JSON is a comma list', () => {
    assert.deepEqual(normalizeTags('[nsfw], fun'), { ok: true, tags: ['[nsfw]', 'fun'] });
    assert.deepEqual(normalizeTags('[nsfw]'), { ok: true, tags: ['[nsfw]'] });
    assert.deepEqual(normalizeTags(['[18+] only', 'chat']), { ok: true, tags: ['[18+] only', 'chat'] });
  });

  test('refuses a broken JSON array or one that holds more than strings', () => {
    assert.deepEqual(normalizeTags('["a",'), { ok: false, message: 'is not a valid JSON array' });
    assert.equal(normalizeTags('["a", 1]').ok, false);
    assert.equal(normalizeTags('[{"a":1}]').ok, false);
    assert.equal(normalizeTags('[ "a", "b"').ok, false);
    assert.equal(normalizeTags('[1, 2]').ok, false);
  });
});
