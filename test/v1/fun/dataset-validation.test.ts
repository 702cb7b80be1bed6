import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DIFFICULTIES, TRIVIA_CATEGORIES, type TriviaEntry } from '../../../src/v1/fun/dataset-types.js';
import {
  dedupeKey,
  flattenEightBall,
  validateAura,
  validateEightBall,
  validateTextList,
  validateTrivia,
  validateWyr,
} from '../../../src/v1/fun/dataset-validation.js';

const texts = (n: number, prefix = 'Entry') =>
  Array.from({ length: n }, (_, i) => `${prefix} number ${i + 1}`);

/** A valid trivia set: every category × difficulty, ten of each → 300 questions. */
function triviaSet(): TriviaEntry[] {
  const out: TriviaEntry[] = [];
  for (const category of TRIVIA_CATEGORIES) {
    for (const difficulty of DIFFICULTIES) {
      for (let i = 0; i < 10; i++) {
        const n = out.length;
        out.push({
          question: `Question ${n}?`,
          answer: `A${n}`,
          choices: [`A${n}`, 'W1', 'W2', 'W3'],
          category,
          difficulty,
        });
      }
    }
  }
  return out;
}

describe('dedupeKey', () => {
  it('treats case, spacing and surrounding punctuation as the same entry', () => {
    assert.equal(dedupeKey('  Hello   World! '), dedupeKey('hello world'));
    assert.notEqual(dedupeKey('hello world'), dedupeKey('hello there'));
  });
});

describe('validateTextList', () => {
  it('accepts 100 distinct trimmed strings', () => {
    assert.deepEqual(validateTextList(texts(100), 'x'), []);
  });
  it('refuses fewer than 100 entries', () => {
    assert.match(validateTextList(texts(99), 'x').join(), /needs at least 100/);
  });
  it('refuses duplicates, even with other case or punctuation', () => {
    const list = [...texts(100), 'ENTRY NUMBER 7!'];
    assert.match(validateTextList(list, 'x').join(), /#101 repeats #7/);
  });
  it('refuses empty, untrimmed and non-string entries', () => {
    for (const bad of ['', ' padded ', 42, null]) {
      assert.match(
        validateTextList([...texts(100), bad], 'x').join(),
        /#101 must be a non-empty trimmed string/,
      );
    }
  });
  it('refuses a non-array', () => {
    assert.deepEqual(validateTextList({}, 'x'), ['x must be an array of non-empty trimmed strings']);
  });
});

describe('validateTrivia', () => {
  it('accepts a complete set', () => {
    assert.deepEqual(validateTrivia(triviaSet()), []);
  });
  it('needs at least 300 questions', () => {
    assert.match(validateTrivia(triviaSet().slice(0, 299)).join(), /needs at least 300/);
  });
  it('refuses an answer that is not among the choices', () => {
    const set = triviaSet();
    set[5] = { ...set[5], answer: 'Elsewhere' };
    assert.match(validateTrivia(set).join(), /#6: the answer is not among the choices/);
  });
  it('refuses repeated choices and a wrong number of choices', () => {
    const set = triviaSet();
    set[0] = { ...set[0], choices: [set[0].answer, 'Same', 'same', 'Other'] };
    set[1] = { ...set[1], choices: [set[1].answer, 'Two', 'Three'] };
    const errors = validateTrivia(set).join('\n');
    assert.match(errors, /#1: choices must be distinct/);
    assert.match(errors, /#2 choices must be four non-empty trimmed strings/);
  });
  it('refuses unknown categories and difficulties', () => {
    const set = triviaSet();
    set[0] = { ...set[0], category: 'gossip' as never };
    set[1] = { ...set[1], difficulty: 'extreme' as never };
    const errors = validateTrivia(set).join('\n');
    assert.match(errors, /#1 category must be one of science, .*, not "gossip"/);
    assert.match(errors, /#2 difficulty must be one of easy, medium, hard, not "extreme"/);
  });
  it('needs every category to have every difficulty, so a filter never comes back empty', () => {
    const set = triviaSet().map((e) =>
      e.category === 'math' && e.difficulty === 'hard' ? { ...e, difficulty: 'easy' as const } : e,
    );
    assert.match(validateTrivia(set).join(), /no hard question in math/);
  });
  it('refuses a repeated question', () => {
    const set = triviaSet();
    set.push({ ...set[3], answer: 'X', choices: ['X', 'Y', 'Z', 'Q'] });
    assert.match(validateTrivia(set).join(), /repeats #4/);
  });
});

describe('validateWyr', () => {
  const pairs = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ optionA: `do thing ${i}`, optionB: `skip thing ${i}` }));
  it('accepts 100 distinct pairs', () => {
    assert.deepEqual(validateWyr(pairs(100)), []);
  });
  it('refuses a pair whose options are the same, and a pair repeated in the other order', () => {
    const list = [
      ...pairs(100),
      { optionA: 'nap', optionB: 'Nap' },
      { optionA: 'skip thing 3', optionB: 'do thing 3' },
    ];
    const errors = validateWyr(list).join('\n');
    assert.match(errors, /#101: both options are the same/);
    assert.match(
      validateWyr([...pairs(100), { optionA: 'skip thing 3', optionB: 'do thing 3' }]).join(),
      /repeats #4/,
    );
  });
});

describe('validateAura', () => {
  const auras = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      color: `Colour ${i}`,
      hex: '#a0b1c2',
      description: `Mood ${i}.`,
    }));
  it('accepts 100 auras with #rrggbb colours', () => {
    assert.deepEqual(validateAura(auras(100)), []);
  });
  it('refuses a malformed hex and a repeated colour name', () => {
    const list = auras(100);
    list[0] = { ...list[0], hex: 'red' };
    assert.match(validateAura(list).join(), /#1 hex must be #rrggbb/);
    assert.match(
      validateAura([...auras(100), { color: 'colour 4', hex: '#000000', description: 'New.' }]).join(),
      /repeats #5/,
    );
  });
});

describe('validateEightBall', () => {
  const ball = () => ({ positive: texts(50, 'Yes'), neutral: texts(25, 'Maybe'), negative: texts(25, 'No') });
  it('accepts positive, neutral and negative lists of 100 answers in all', () => {
    assert.deepEqual(validateEightBall(ball()), []);
  });
  it('refuses a missing mood, an unknown mood and too few answers', () => {
    const { negative: _, ...noNegative } = ball();
    assert.match(validateEightBall(noNegative).join(), /negative must be a non-empty array/);
    assert.match(validateEightBall({ ...ball(), sarcastic: ['Sure.'] }).join(), /unknown key sarcastic/);
    assert.match(validateEightBall({ ...ball(), positive: texts(49, 'Yes') }).join(), /needs at least 100/);
  });
  it('flattens the groups into typed answers', () => {
    const flat = flattenEightBall(ball());
    assert.equal(flat.length, 100);
    assert.deepEqual(flat[0], { text: 'Yes number 1', type: 'positive' });
    assert.equal(flat.at(-1)?.type, 'negative');
  });
});
