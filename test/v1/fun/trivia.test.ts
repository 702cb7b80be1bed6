import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TriviaEntry } from '../../../src/v1/fun/dataset-types.js';
import { matchingIds, presentTrivia, randomTrivia } from '../../../src/v1/fun/trivia.js';

const entries: TriviaEntry[] = [
  { question: 'Q1?', answer: 'A', choices: ['A', 'B', 'C', 'D'], category: 'space', difficulty: 'easy' },
  { question: 'Q2?', answer: 'F', choices: ['E', 'F', 'G', 'H'], category: 'space', difficulty: 'hard' },
  { question: 'Q3?', answer: 'K', choices: ['I', 'J', 'K', 'L'], category: 'math', difficulty: 'hard' },
];

describe('matchingIds', () => {
  it('filters by category, by difficulty and by both', () => {
    assert.deepEqual(matchingIds(entries, {}), [1, 2, 3]);
    assert.deepEqual(matchingIds(entries, { category: 'space' }), [1, 2]);
    assert.deepEqual(matchingIds(entries, { difficulty: 'hard' }), [2, 3]);
    assert.deepEqual(matchingIds(entries, { category: 'math', difficulty: 'easy' }), []);
  });
});

describe('presentTrivia', () => {
  it('serves the four choices in some order, with answerIndex pointing at the answer', () => {
    for (let i = 0; i < 50; i++) {
      const q = presentTrivia(entries[1], 2, 'en');
      assert.deepEqual([...q.choices].sort(), ['E', 'F', 'G', 'H']);
      assert.equal(q.choices[q.answerIndex], 'F');
      assert.equal(q.answer, 'F');
    }
  });
  it('labels the category in the asked language', () => {
    assert.equal(presentTrivia(entries[2], 3, 'en').categoryLabel, 'Numbers & Math');
    assert.equal(presentTrivia(entries[2], 3, 'de').categoryLabel, 'Zahlen & Mathe');
  });
  it('does not always put the answer first', () => {
    const positions = new Set(
      Array.from({ length: 60 }, () => presentTrivia(entries[0], 1, 'en').answerIndex),
    );
    assert.ok(positions.size > 1);
  });
});

describe('randomTrivia', () => {
  it('only picks questions passing the filter and returns undefined when none does', () => {
    for (let i = 0; i < 20; i++) assert.equal(randomTrivia(entries, { category: 'math' }, 'en')?.id, 3);
    assert.equal(randomTrivia(entries, { category: 'math', difficulty: 'easy' }, 'en'), undefined);
  });
});
