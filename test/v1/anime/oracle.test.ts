import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ORACLE_ANSWERS } from '../../../src/v1/anime/data/oracle-answers.js';
import { consultOracle, questionKey } from '../../../src/v1/anime/oracle.js';

const day = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('oracle', () => {
  it('gives the same answer to the same question on the same day', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), day, (question, date) => {
        assert.deepEqual(consultOracle(question, date), consultOracle(question, date));
      }),
    );
  });

  it('treats case, spacing and closing punctuation as the same question', () => {
    assert.equal(questionKey('  Will I PASS   the exam?!  '), 'will i pass the exam');
    assert.equal(
      consultOracle('Will I pass?', '2026-05-01').answer,
      consultOracle('will i pass', '2026-05-01').answer,
    );
  });

  it('may answer differently on other days', () => {
    const answers = new Set(
      Array.from(
        { length: 30 },
        (_, i) => consultOracle('Will it rain?', `2026-06-${String(i + 1).padStart(2, '0')}`).answer,
      ),
    );
    assert.ok(answers.size > 1);
  });

  it('answers from its list, with the date it belongs to', () => {
    const reading = consultOracle('Is Kizuna nice?', '2026-02-03');
    assert.ok(ORACLE_ANSWERS.some((a) => a.answer === reading.answer && a.tone === reading.tone));
    assert.equal(reading.date, '2026-02-03');
    assert.equal(reading.question, 'Is Kizuna nice?');
  });
});
