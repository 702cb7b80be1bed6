import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { QUOTES } from '../../../src/v1/anime/data/quotes.js';
import {
  dayNumber,
  quoteDeck,
  quoteOfTheDay,
  seededPermutation,
} from '../../../src/v1/anime/quote-of-the-day.js';

const dateOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** Words of a line, lower-case, contractions spelled out, punctuation gone. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/\bgonna\b/g, 'going to')
    .replace(/n't\b/g, ' not')
    .replace(/'ve\b/g, ' have')
    .replace(/'m\b/g, ' am')
    .replace(/'re\b/g, ' are')
    .replace(/'ll\b/g, ' will')
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

const FUNCTION_WORDS = new Set(
  'a am an and are as be but can do for going have i if is it me my no not of on or so that the this to we will you your'.split(
    ' ',
  ),
);

/** Runs of `length` words in a row that carry at least two words of content ("i am going to" is no quotation). */
function runsOf(text: string, length: number): Set<string> {
  const w = words(text);
  const runs = Array.from({ length: Math.max(0, w.length - length + 1) }, (_, i) => w.slice(i, i + length));
  return new Set(
    runs
      .filter((run) => run.filter((word) => !FUNCTION_WORDS.has(word)).length >= 2)
      .map((run) => run.join(' ')),
  );
}

/** Lines as the works (in their common English versions) have them: ours must not quote them. */
const ORIGINAL_LINES = [
  "I'm not gonna run away, I never go back on my word! That's my nindo: my ninja way!",
  "I'm gonna be King of the Pirates!",
  'No matter how many people you may lose, you have no choice but to go on living.',
  'Anywhere can be paradise as long as you have the will to live.',
  "Once you've met someone you never really forget them. It just takes a while for your memories to return.",
  'Talent is something you make bloom, instinct is something you polish.',
  "Sophie, I've finally found someone I want to protect. You.",
  'Life is suffering. It is hard. The world is cursed. But still, you find reasons to keep living.',
  "I'm not a hero of justice. I save people unequally.",
  'Humans are so interesting.',
  'My magic is never giving up!',
  'Surpass your limits. Right here, right now!',
  'Where the leaves dance, the fire will burn.',
];

describe('the quote dataset', () => {
  it('has at least 100 distinct quotes, each with character and anime', () => {
    assert.ok(QUOTES.length >= 100, `${QUOTES.length} quotes`);
    assert.equal(new Set(QUOTES.map((q) => q.text)).size, QUOTES.length);
    for (const quote of QUOTES) {
      assert.ok(quote.text.trim() && quote.character.trim() && quote.anime.trim(), JSON.stringify(quote));
      assert.ok(quote.text.length <= 160, 'short lines, not long passages');
    }
  });

  it('has as many quotes as docs/anime.md says', () => {
    const docs = readFileSync(new URL('../../../docs/anime.md', import.meta.url), 'utf8');
    const said = /\*\*quote\*\*: (\d+) short lines/.exec(docs);
    assert.ok(said, 'docs/anime.md states how many quotes there are');
    assert.equal(Number(said[1]), QUOTES.length);
  });

  it('credits lines to whoever says them in the work', () => {
    const by = (fragment: string) => QUOTES.filter((q) => q.text.includes(fragment)).map((q) => q.character);
    assert.deepEqual(by('Get in the robot'), ['Gendo Ikari']);
    assert.deepEqual(by('Your power is yours'), ['Izuku Midoriya']);
    assert.deepEqual(by('things worth living for'), ['Osa']);
  });

  it('paraphrases: no line shares four words in a row with a well-known original', () => {
    const originals = new Set(ORIGINAL_LINES.flatMap((line) => [...runsOf(line, 4)]));
    for (const quote of QUOTES) {
      const shared = [...runsOf(quote.text, 4)].filter((run) => originals.has(run));
      assert.deepEqual(shared, [], `${quote.character}: "${quote.text}"`);
    }
  });
});

describe('quoteOfTheDay', () => {
  it('is the same all day and carries the date', () => {
    const quote = quoteOfTheDay(QUOTES, '2026-11-22');
    assert.deepEqual(quoteOfTheDay(QUOTES, '2026-11-22'), quote);
    assert.equal(quote.date, '2026-11-22');
  });

  it('shows every quote once before any repeats within a round', () => {
    const start = Math.ceil(dayNumber('2026-01-01') / QUOTES.length) * QUOTES.length;
    const texts = Array.from(
      { length: QUOTES.length },
      (_, i) => quoteOfTheDay(QUOTES, dateOf(start + i)).text,
    );
    assert.equal(new Set(texts).size, QUOTES.length);
  });

  it('never shows the same quote two days running, also where one round ends and the next begins', () => {
    const n = QUOTES.length;
    let previous = -1;
    for (let round = 0; round < 400; round++) {
      const deck = quoteDeck(n, round);
      assert.deepEqual(
        [...deck].sort((a, b) => a - b),
        Array.from({ length: n }, (_, i) => i),
        `round ${round} is a permutation`,
      );
      assert.notEqual(
        deck[0],
        previous,
        `round ${round} opens with the quote that closed round ${round - 1}`,
      );
      previous = deck[n - 1];
    }
    // And day by day through the calendar, across the seam of a round that needed the fix.
    const seam = 70 * n;
    for (let day = seam - 3; day < seam + 3; day++) {
      assert.notEqual(quoteOfTheDay(QUOTES, dateOf(day)).text, quoteOfTheDay(QUOTES, dateOf(day + 1)).text);
    }
  });

  it('counts days on the calendar', () => {
    assert.equal(dayNumber('1970-01-02'), 1);
    assert.equal(dayNumber('2026-03-01') - dayNumber('2026-02-28'), 1);
  });

  it('shuffles with a fixed seed into a permutation', () => {
    const order = seededPermutation(50, 'x');
    assert.deepEqual(order, seededPermutation(50, 'x'));
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      Array.from({ length: 50 }, (_, i) => i),
    );
  });
});
