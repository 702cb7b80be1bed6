import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseHex } from '../../../src/lib/colour.js';
import { QUOTES } from '../../../src/v1/anime/data/quotes.js';
import { consultOracle } from '../../../src/v1/anime/oracle.js';
import { makePalette } from '../../../src/v1/anime/palette.js';
import { quoteOfTheDay } from '../../../src/v1/anime/quote-of-the-day.js';
import { rate } from '../../../src/v1/anime/rate.js';
import { ship } from '../../../src/v1/anime/ship.js';

/**
 * Known answers. Every instance and every restart must give these (docs/anime.md); a change of the
 * hashing, the seeding, the shuffles or the order of a data list shows up here first. Change a
 * value only together with an intended change of the answers, and keep docs/anime.md in step.
 */
const DOCS = readFileSync(new URL('../../../docs/anime.md', import.meta.url), 'utf8');

describe('deterministic answers that must survive restarts', () => {
  it('quote of the day for fixed Berlin dates', () => {
    assert.deepEqual(quoteOfTheDay(QUOTES, '2026-11-22'), {
      text: 'From zero, we build it all again, together.',
      character: 'Rem',
      anime: 'Re:Zero',
      date: '2026-11-22',
    });
    assert.deepEqual(quoteOfTheDay(QUOTES, '2030-01-01'), {
      text: 'Pride is what keeps a warrior standing when the body wants to fall.',
      character: 'Vegeta',
      anime: 'Dragon Ball Z',
      date: '2030-01-01',
    });
  });

  it('oracle for a fixed question and date', () => {
    assert.deepEqual(consultOracle('Will I pass the exam?', '2026-11-22'), {
      question: 'Will I pass the exam?',
      answer: 'Nani?! Absolutely not.',
      tone: 'no',
      date: '2026-11-22',
    });
  });

  it('ship for a fixed pair', () => {
    assert.deepEqual(ship('Naruto', 'Hinata'), {
      pair: ['Hinata', 'Naruto'],
      percentage: 82,
      verdict: 'Strong chemistry. Confession scene incoming.',
      bar: '████████░░',
      shipName: 'Hinuto',
    });
  });

  it('rate for a fixed thing', () => {
    assert.deepEqual(rate('Cowboy Bebop'), {
      thing: 'Cowboy Bebop',
      score: 0,
      stars: '☆☆☆☆☆',
      starCount: 0,
      comment: 'Dropped after episode one.',
    });
  });

  it('palette for a fixed seed, with and without a base', () => {
    const colour = (hex: string, r: number, g: number, b: number, h: number, s: number, l: number) => ({
      hex,
      rgb: { r, g, b },
      hsl: { h, s, l },
    });
    assert.deepEqual(makePalette({ seed: 'sakura', count: 5 }), {
      seed: 'sakura',
      scheme: 'tetradic',
      base: colour('#9b3b69', 155, 59, 105, 331, 45, 42),
      colours: [
        colour('#9b3b69', 155, 59, 105, 331, 45, 42),
        colour('#949730', 148, 151, 48, 62, 52, 39),
        colour('#439d6f', 67, 157, 111, 149, 40, 44),
        colour('#413f8d', 65, 63, 141, 241, 38, 40),
        colour('#bc678c', 188, 103, 140, 334, 39, 57),
      ],
    });
    const withBase = makePalette({ seed: 'sakura', count: 3, base: parseHex('ff6699') });
    assert.deepEqual(withBase.colours, [
      colour('#ff6699', 255, 102, 153, 340, 100, 70),
      colour('#79fcd9', 121, 252, 217, 164, 95, 73),
      colour('#fa296f', 250, 41, 111, 340, 95, 57),
    ]);
    assert.equal(withBase.scheme, 'complementary');
  });

  it('are the examples docs/anime.md shows', () => {
    for (const answer of [
      quoteOfTheDay(QUOTES, '2026-11-22'),
      consultOracle('Will I pass the exam?', '2026-11-22'),
      ship('Naruto', 'Hinata'),
      rate('Cowboy Bebop'),
    ]) {
      assert.ok(DOCS.includes(JSON.stringify(answer)), `docs/anime.md shows ${JSON.stringify(answer)}`);
    }
    const request = /`GET \/api\/v1\/anime\/palette\?seed=sakura&count=3&base=ff6699`/;
    assert.match(DOCS, request, 'docs/anime.md names the palette request of its example');
    const example = /```json\n(\{"seed":"sakura"[\s\S]*?)\n```/.exec(DOCS);
    assert.ok(example, 'docs/anime.md has the palette example');
    assert.deepEqual(
      JSON.parse(example[1]),
      makePalette({ seed: 'sakura', count: 3, base: parseHex('ff6699') }),
    );
  });
});
