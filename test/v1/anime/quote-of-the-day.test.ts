import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { QUOTES } from '../../../src/v1/anime/data/quotes.js';
import { dayNumber, quoteOfTheDay, seededPermutation } from '../../../src/v1/anime/quote-of-the-day.js';

const dateOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

describe('the quote dataset', () => {
  it('has at least 100 distinct quotes, each with character and anime', () => {
    assert.ok(QUOTES.length >= 100, `${QUOTES.length} quotes`);
    assert.equal(new Set(QUOTES.map((q) => q.text)).size, QUOTES.length);
    for (const quote of QUOTES) {
      assert.ok(quote.text.trim() && quote.character.trim() && quote.anime.trim(), JSON.stringify(quote));
      assert.ok(quote.text.length <= 160, 'short lines, not long passages');
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
