import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { seededRandom } from '../../../src/lib/deterministic.js';
import { decodeBase64, encodeBase64 } from '../../../src/v1/util/base64.js';
import { HASH_ALGORITHMS, hashText } from '../../../src/v1/util/hash.js';
import { loremIpsum } from '../../../src/v1/util/lorem.js';
import { slugify } from '../../../src/v1/util/slugify.js';
import { assertBadField } from '../../helpers/assert-problem.js';

describe('hashText', () => {
  it('matches the published digests of "abc"', () => {
    assert.equal(hashText('abc', 'md5'), '900150983cd24fb0d6963f7d28e17f72');
    assert.equal(hashText('abc', 'sha1'), 'a9993e364706816aba3e25717850c26c9cd0d89d');
    assert.equal(
      hashText('abc', 'sha256'),
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    assert.equal(
      hashText('abc', 'sha512'),
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    );
  });
  it('hashes the UTF-8 bytes, and the empty text too', () => {
    assert.equal(hashText('ä', 'md5'), '8419b71c87a225a2c70b50486fbee545');
    assert.equal(hashText('', 'sha256'), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
  it('gives the digest a Hash object gives, for any text (lone surrogates included) and algorithm', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.constantFrom(...HASH_ALGORITHMS), (text, algo) => {
        assert.equal(hashText(text, algo), createHash(algo).update(text, 'utf8').digest('hex'));
      }),
    );
  });
});

describe('Base64', () => {
  it('encodes UTF-8 and decodes back', () => {
    assert.equal(encodeBase64('Grüße'), 'R3LDvMOfZQ==');
    assert.equal(decodeBase64('R3LDvMOfZQ=='), 'Grüße');
  });
  it('round-trips any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => decodeBase64(encodeBase64(text)) === text),
    );
  });
  it('accepts missing padding, the URL-safe alphabet, line breaks and a "+" that arrived as a space', () => {
    assert.equal(decodeBase64('R3LDvMOfZQ'), 'Grüße');
    assert.equal(decodeBase64(encodeBase64('??>').replaceAll('/', '_')), '??>');
    assert.equal(decodeBase64('Pz8-'), '??>');
    assert.equal(decodeBase64('aGVs\r\nbG8='), 'hello');
    assert.equal(decodeBase64('Pj4 '), decodeBase64('Pj4+'));
  });
  it('refuses what is not Base64, naming text', () => {
    for (const bad of ['a', 'aGVsbG8x=', 'aGV$bG8=', 'QR==', 'aGVsbG8===', '====']) {
      assertBadField(() => decodeBase64(bad), 'text');
    }
  });
  it('refuses bytes that are not UTF-8 text', () => {
    assertBadField(() => decodeBase64('/w=='), 'text');
  });
});

describe('slugify', () => {
  it('maps German umlauts and ß, in both cases', () => {
    assert.equal(slugify('Ärger über Öl, Übel, Straße'), 'aerger-ueber-oel-uebel-strasse');
    assert.equal(slugify('ÄÖÜ äöü ẞ'), 'aeoeue-aeoeue-ss');
    assert.equal(slugify('GRÜSSE AUS MÜNCHEN'), 'gruesse-aus-muenchen');
  });
  it('maps umlauts typed decomposed (u + combining diaeresis) the same way', () => {
    assert.equal(slugify('Mu\u0308nchen U\u0308bel'), 'muenchen-uebel');
  });
  it('strips other accents and maps letters NFKD keeps whole', () => {
    assert.equal(slugify('Crème brûlée à la française'), 'creme-brulee-a-la-francaise');
    assert.equal(slugify('Łódź, Ørsted, Æsir'), 'lodz-orsted-aesir');
    assert.equal(slugify('ﬁx ①'), 'fix-1');
  });
  it('joins words with single hyphens and trims them', () => {
    assert.equal(slugify('  --Hello,   World!!  '), 'hello-world');
    assert.equal(slugify('Tom & Jerry'), 'tom-and-jerry');
  });
  it('returns an empty slug when nothing fits', () => {
    assert.equal(slugify('日本語'), '');
    assert.equal(slugify('!!!'), '');
  });
  it('always yields lower-case ASCII words joined by single hyphens', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) =>
        /^([a-z0-9]+(-[a-z0-9]+)*)?$/.test(slugify(text)),
      ),
    );
  });
});

describe('loremIpsum', () => {
  it('has exactly the asked number of words, at 1 and at 500', () => {
    for (const words of [1, 2, 5, 6, 7, 13, 500]) {
      const text = loremIpsum(words, seededRandom('lorem', words));
      assert.equal(text.split(' ').length, words, text);
    }
  });
  it('opens with "Lorem ipsum dolor sit amet" and ends with a full stop', () => {
    assert.equal(loremIpsum(1), 'Lorem.');
    assert.equal(loremIpsum(5).replace(',', ''), 'Lorem ipsum dolor sit amet.');
    const long = loremIpsum(200);
    assert.match(long, /^Lorem ipsum dolor sit,? amet/);
    assert.match(long, /[a-z]\.$/);
  });
  it('is reproducible with a seeded source', () => {
    assert.equal(loremIpsum(80, seededRandom('x')), loremIpsum(80, seededRandom('x')));
  });
});
