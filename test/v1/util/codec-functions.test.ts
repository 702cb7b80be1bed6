import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decodeBinary, encodeBinary } from '../../../src/v1/util/binary.js';
import { decodeMorse, encodeMorse } from '../../../src/v1/util/morse.js';
import { convertRoman, fromRoman, toRoman } from '../../../src/v1/util/roman.js';
import { assertBadField } from '../../helpers/assert-problem.js';

describe('Morse', () => {
  it('encodes letters split by spaces and words by " / ", ignoring case', () => {
    assert.equal(encodeMorse('SOS'), '... --- ...');
    assert.equal(encodeMorse('hello  World'), '.... . .-.. .-.. --- / .-- --- .-. .-.. -..');
    assert.equal(encodeMorse('Grüße 2026!'), '--. .-. ..-- ...--.. . / ..--- ----- ..--- -.... -.-.--');
  });
  it('decodes with "/", "|" or wide gaps between words, and typographic dots and dashes', () => {
    assert.equal(decodeMorse('.... . .-.. .-.. --- / .-- --- .-. .-.. -..'), 'HELLO WORLD');
    assert.equal(decodeMorse('...|---|...'), 'S O S');
    assert.equal(decodeMorse('... ---   ...'), 'SO S');
    assert.equal(decodeMorse('··· −−− ···'), 'SOS');
  });
  it('round-trips upper-case text of encodable characters', () => {
    const alphabet = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,?!/()&:;=+-_"$@ÄÖÜ'];
    const word = fc
      .array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 10 })
      .map((c) => c.join(''));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
        const text = words.join(' ');
        return decodeMorse(encodeMorse(text)) === text;
      }),
    );
  });
  it('refuses characters without a sign, and empty input, naming text', () => {
    assertBadField(() => encodeMorse('price: 5 €'), 'text');
    assertBadField(() => encodeMorse('日本'), 'text');
    assertBadField(() => encodeMorse('   '), 'text');
  });
  it('refuses undecodable Morse, naming text', () => {
    assertBadField(() => decodeMorse('........'), 'text');
    assertBadField(() => decodeMorse('hello'), 'text');
    assertBadField(() => decodeMorse(' / '), 'text');
    assertBadField(() => decodeMorse(''), 'text');
  });
});

describe('binary', () => {
  it('encodes the UTF-8 bytes as 8-bit groups', () => {
    assert.equal(encodeBinary('Hi'), '01001000 01101001');
    assert.equal(encodeBinary('ä'), '11000011 10100100');
    assert.equal(encodeBinary(''), '');
  });
  it('decodes groups separated by any whitespace or written as one run', () => {
    assert.equal(decodeBinary('01001000 01101001'), 'Hi');
    assert.equal(decodeBinary(' 0100100001101001\n'), 'Hi');
    assert.equal(decodeBinary('11000011\t10100100'), 'ä');
  });
  it('round-trips any text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1 }),
        (text) => decodeBinary(encodeBinary(text)) === text,
      ),
    );
  });
  it('refuses what is not 8-bit UTF-8, naming text', () => {
    for (const bad of ['0100100', '01001000 0110100', '0100100a', '', '11000011', '11111111']) {
      assertBadField(() => decodeBinary(bad), 'text');
    }
  });
});

describe('Roman numerals', () => {
  it('converts well-known numbers both ways', () => {
    const pairs: Array<[number, string]> = [
      [1, 'I'],
      [4, 'IV'],
      [9, 'IX'],
      [14, 'XIV'],
      [40, 'XL'],
      [90, 'XC'],
      [400, 'CD'],
      [900, 'CM'],
      [1994, 'MCMXCIV'],
      [2026, 'MMXXVI'],
      [3999, 'MMMCMXCIX'],
    ];
    for (const [n, numeral] of pairs) {
      assert.equal(toRoman(n), numeral);
      assert.equal(fromRoman(numeral), n);
    }
  });
  it('round-trips every number from 1 to 3999', () => {
    for (let n = 1; n <= 3999; n++) assert.equal(fromRoman(toRoman(n)), n);
  });
  it('rejects non-standard numerals', () => {
    for (const bad of ['IIII', 'VX', 'IC', 'XM', 'MMMM', 'VV', 'IL', 'LL', 'DD', 'IIX', '', 'ABC']) {
      assert.equal(fromRoman(bad), undefined, bad);
    }
  });
  it('detects the direction: digits to a numeral, a numeral (any case, trimmed) to digits', () => {
    assert.deepEqual(convertRoman('1994'), { direction: 'toRoman', arabic: 1994, roman: 'MCMXCIV' });
    assert.deepEqual(convertRoman(' mcmxciv '), { direction: 'fromRoman', arabic: 1994, roman: 'MCMXCIV' });
    assert.deepEqual(convertRoman('0042'), { direction: 'toRoman', arabic: 42, roman: 'XLII' });
  });
  it('refuses 0, 4000, fractions, negatives and bad numerals, naming number', () => {
    for (const bad of [
      '0',
      '4000',
      '-1',
      '1.5',
      '5.',
      '5.0',
      '+5',
      '99999999999999999999',
      'IIII',
      'VX',
      'X I',
    ]) {
      assertBadField(() => convertRoman(bad), 'number');
    }
  });
});
