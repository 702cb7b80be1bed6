import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { httpsUrlProblem, parseSubmission } from '../../../src/directory/groups/group-submission.js';

const base = {
  title: '  Naruto   Fans ',
  platform: 'whatsapp',
  category: ' Anime ',
  inviteLink: 'https://chat.whatsapp.com/AbC',
  description: ' Line one\nline two ',
};

describe('parseSubmission', () => {
  test('cleans a good submission and fills the derived columns', () => {
    const result = parseSubmission({
      ...base,
      tags: 'Manga, #Anime',
      externalImageUrl: 'https://img.example/a.png',
    });
    assert.equal(result.ok, true);
    if (!result.ok) return;
    assert.deepEqual(result.value, {
      title: 'Naruto Fans',
      platform: 'WhatsApp',
      platformKey: 'whatsapp',
      category: 'Anime',
      categoryKey: 'anime',
      inviteLink: 'https://chat.whatsapp.com/AbC',
      description: 'Line one\nline two',
      tags: ['manga', 'anime'],
      searchText: ' naruto fans line one two manga anime ',
      externalImageUrl: 'https://img.example/a.png',
    });
  });

  test('an unknown platform is kept as written', () => {
    const result = parseSubmission({ ...base, platform: '  Guilded ', inviteLink: 'https://guilded.gg/x' });
    assert.equal(result.ok && result.value.platform, 'Guilded');
  });

  test('names every bad field at once', () => {
    const result = parseSubmission({
      title: '   ',
      platform: 'Discord',
      category: '\t',
      inviteLink: 'https://chat.whatsapp.com/AbC',
      description: ' ',
      tags: '["x"',
      externalImageUrl: 'http://img.example/a.png',
    });
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.deepEqual(result.errors.map((e) => e.field).sort(), [
      'category',
      'description',
      'externalImageUrl',
      'inviteLink',
      'tags',
      'title',
    ]);
  });

  test('an empty externalImageUrl means none', () => {
    const result = parseSubmission({ ...base, externalImageUrl: '  ' });
    assert.equal(result.ok && result.value.externalImageUrl, null);
  });
});

describe('httpsUrlProblem', () => {
  test('only https without credentials', () => {
    assert.equal(httpsUrlProblem('https://cdn.example/logo.png'), null);
    assert.equal(httpsUrlProblem('http://cdn.example/logo.png'), 'must be an https URL');
    assert.equal(httpsUrlProblem('javascript:alert(1)'), 'must be an https URL');
    assert.equal(httpsUrlProblem('data:image/png;base64,AAAA'), 'must be an https URL');
    assert.equal(httpsUrlProblem('/relative.png'), 'must be an absolute https URL');
    assert.match(httpsUrlProblem('https://a:b@cdn.example/x.png') ?? '', /user name/);
  });
});

describe('parseSubmission and control characters', () => {
  test('NUL and other control characters never reach the database', () => {
    const result = parseSubmission({
      ...base,
      title: 'Bad\u0000Title',
      category: 'An\u0007ime',
      description: 'Line\u0000 one\n\tline two\u001b',
      tags: 'a\u0000b',
    });
    assert.equal(result.ok, true);
    if (!result.ok) return;
    assert.equal(result.value.title, 'Bad Title');
    assert.equal(result.value.category, 'An ime');
    assert.equal(result.value.description, 'Line one\n\tline two');
    assert.deepEqual(result.value.tags, ['a b']);
  });
});
