import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseSubmission } from '../../../src/directory/groups/group-submission.js';
import { canonicalPlatform, cleanName, nameKey } from '../../../src/directory/groups/platforms.js';

const submission = {
  title: 'Naruto Fans',
  category: 'Anime',
  description: 'Ninjas.',
};

describe('platform names', () => {
  test('a name that reads as a known platform is that platform', () => {
    for (const written of [
      'WhatsApp',
      'whatsapp',
      'WhatsApp\u200b', // zero-width space
      'What\u00adsApp', // soft hyphen
      '\u202eWhatsApp', // right-to-left override
      'Wha\u034ftsApp', // combining grapheme joiner
      'WhatsApp.',
      'WhatsApp!!',
      'Whats App',
      'whats-app',
      'ＷｈａｔｓＡｐｐ', // full-width
      'Wh\u0430tsApp', // Cyrillic а
      'WH\u0391TS\u0391PP', // Greek Α
      'VVhatsApp',
    ]) {
      assert.equal(canonicalPlatform(written), 'WhatsApp', JSON.stringify(written));
    }
    assert.equal(canonicalPlatform('Disc0rd'), 'Discord');
    assert.equal(canonicalPlatform('Te1egram'), 'Telegram');
    assert.equal(canonicalPlatform('\u0405ignal'), 'Signal'); // Cyrillic Ѕ
    assert.equal(canonicalPlatform('Telegrarn'), 'Telegram');
  });

  test('and then needs that platform’s kind of invite link', () => {
    for (const platform of ['WhatsApp\u200b', 'WhatsApp.', 'Wh\u0430tsApp', 'What\u00adsApp']) {
      const phish = parseSubmission({ ...submission, platform, inviteLink: 'https://evil.example/phish' });
      assert.equal(phish.ok, false, JSON.stringify(platform));
      assert.deepEqual(!phish.ok && phish.errors.map((e) => e.field), ['inviteLink']);
      const fair = parseSubmission({ ...submission, platform, inviteLink: 'https://chat.whatsapp.com/AbC' });
      assert.equal(fair.ok && fair.value.platform, 'WhatsApp', JSON.stringify(platform));
      assert.equal(fair.ok && fair.value.platformKey, 'whatsapp');
    }
  });

  test('other names stay as written, without invisible characters', () => {
    assert.equal(canonicalPlatform(' Guilded\u200b '), 'Guilded');
    assert.equal(canonicalPlatform('Revolt'), 'Revolt');
    assert.equal(canonicalPlatform('WhatsApp Business'), 'WhatsApp Business');
  });
});

describe('cleanName and nameKey', () => {
  test('invisible characters go, so they neither split keys nor make a name', () => {
    assert.equal(cleanName('An\u200bime\u2060'), 'Anime');
    assert.equal(cleanName('\u200b\u00ad\u3164'), '');
    assert.equal(nameKey('Anime\u200b'), nameKey('anime'));
  });

  test('emoji keep their joiners and variation selectors', () => {
    const family = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}';
    assert.equal(cleanName(`${family} Fans \u2764\ufe0f`), `${family} Fans \u2764\ufe0f`);
  });

  test('sentence punctuation at the end does not make another key; other punctuation does', () => {
    assert.equal(nameKey('Anime.'), 'anime');
    assert.equal(nameKey('Anime !?'), 'anime');
    assert.notEqual(nameKey('C#'), nameKey('C'));
    assert.notEqual(nameKey('C++'), nameKey('C'));
    assert.equal(nameKey('!!!'), '!!!');
  });
});
