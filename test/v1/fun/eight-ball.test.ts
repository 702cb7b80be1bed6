import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { funData } from '../../../src/v1/fun/dataset-loader.js';
import { normaliseQuestion, shakeEightBall } from '../../../src/v1/fun/eight-ball.js';

const { en, de } = funData();
const morning = new Date('2026-03-10T06:00:00Z');
const evening = new Date('2026-03-10T21:30:00Z'); // still 10 March in Berlin (22:30 CET)
const nextDay = new Date('2026-03-10T23:30:00Z'); // 11 March in Berlin, though still the 10th in UTC

/** The days of 2026, one Date each, to look for answers that change over time. */
const days = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i, 12)));

describe('magic 8-ball', () => {
  it('folds case, spaces and trailing punctuation of the question', () => {
    assert.equal(normaliseQuestion('  Will I   PASS the exam?!? '), 'will i pass the exam');
    assert.equal(normaliseQuestion('???'), '');
  });
  it('answers the same question the same way all Berlin day', () => {
    const first = shakeEightBall('Will it snow tomorrow?', morning, en.eightBall);
    assert.deepEqual(shakeEightBall('will it snow tomorrow', evening, en.eightBall), first);
    assert.equal(first.date, '2026-03-10');
  });
  it('starts a new day at midnight in Berlin, not in UTC', () => {
    assert.equal(shakeEightBall('Will it snow tomorrow?', evening, en.eightBall).date, '2026-03-10');
    assert.equal(shakeEightBall('Will it snow tomorrow?', nextDay, en.eightBall).date, '2026-03-11');
  });
  it('may answer differently on another day or to another question', () => {
    const answers = new Set(days.map((d) => shakeEightBall('Will it snow tomorrow?', d, en.eightBall).text));
    assert.ok(answers.size > 1);
    const questions = ['Am I lucky?', 'Is pizza good?', 'Will we win?', 'Should I sleep?', 'Is it Friday?'];
    assert.ok(new Set(questions.map((q) => shakeEightBall(q, morning, en.eightBall).text)).size > 1);
  });
  it('answers from the asked language and says the mood', () => {
    const answer = shakeEightBall('Wird es schneien?', morning, de.eightBall);
    assert.ok(de.eightBall.some((a) => a.text === answer.text && a.type === answer.type));
  });
});
