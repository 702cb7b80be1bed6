import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { funData } from '../../../src/v1/fun/dataset-loader.js';
import { wyrQuestion } from '../../../src/v1/fun/wyr.js';

describe('wyrQuestion', () => {
  it('joins the two options into one question per language', () => {
    const entry = { optionA: 'be able to fly', optionB: 'be invisible' };
    assert.equal(wyrQuestion(entry, 'en'), 'Would you rather be able to fly or be invisible?');
    const de = { optionA: 'fliegen können', optionB: 'unsichtbar sein können' };
    assert.equal(wyrQuestion(de, 'de'), 'Würdest du lieber fliegen können oder unsichtbar sein können?');
  });
  it('gets options written as phrases that fit the prompt, without capitals or final punctuation', () => {
    for (const lang of ['en', 'de'] as const) {
      for (const { optionA, optionB } of funData()[lang].wyr) {
        for (const option of [optionA, optionB]) {
          assert.doesNotMatch(option, /[.?!]$/, option);
          // German nouns are capitalised, so only English options must start in lower case.
          if (lang === 'en') assert.match(option, /^[a-z]/, option);
        }
      }
    }
  });
});
