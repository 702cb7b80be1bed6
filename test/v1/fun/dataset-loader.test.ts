import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DATA_DIR, DatasetError, loadFunData } from '../../../src/v1/fun/dataset-loader.js';
import { dedupeKey } from '../../../src/v1/fun/dataset-validation.js';
import { LANGS } from '../../../src/v1/fun/lang.js';

/** The datasets we ship, as the service loads them. */
describe('shipped fun datasets', () => {
  const data = loadFunData();

  for (const lang of LANGS) {
    describe(lang, () => {
      const set = data[lang];

      it('has at least 300 trivia questions and 100 entries in every other dataset', () => {
        assert.ok(set.trivia.length >= 300, `trivia: ${set.trivia.length}`);
        for (const name of ['pickup', 'compliment', 'truth', 'dare', 'wyr', 'aura', 'eightBall'] as const) {
          assert.ok(set[name].length >= 100, `${name}: ${set[name].length}`);
        }
      });

      it('gives every trivia question four distinct choices with the answer among them', () => {
        for (const q of set.trivia) {
          assert.equal(q.choices.length, 4, q.question);
          assert.equal(new Set(q.choices.map(dedupeKey)).size, 4, q.question);
          assert.ok(q.choices.includes(q.answer), q.question);
          assert.ok(q.category && q.difficulty && q.question.trim() && q.answer.trim());
        }
      });

      it('has no duplicates in any list', () => {
        const lists: Record<string, string[]> = {
          trivia: set.trivia.map((q) => q.question),
          pickup: set.pickup,
          compliment: set.compliment,
          truth: set.truth,
          dare: set.dare,
          wyr: set.wyr.map((w) => `${w.optionA} | ${w.optionB}`),
          aura: set.aura.map((a) => a.color),
          eightBall: set.eightBall.map((a) => a.text),
        };
        for (const [name, list] of Object.entries(lists)) {
          assert.equal(new Set(list.map(dedupeKey)).size, list.length, `${lang}/${name} has a duplicate`);
        }
      });

      it('keeps the classic 8-ball shape: about half positive, a quarter neutral, a quarter negative', () => {
        const count = (type: string) => set.eightBall.filter((a) => a.type === type).length;
        assert.ok(count('positive') >= count('neutral') + count('negative') - 2);
        assert.ok(count('neutral') > 0 && count('negative') > 0);
      });
    });
  }

  it('keeps German trivia and auras parallel to English (same id, same category, difficulty and colour)', () => {
    assert.equal(data.de.trivia.length, data.en.trivia.length);
    data.en.trivia.forEach((q, i) => {
      assert.equal(data.de.trivia[i].category, q.category);
      assert.equal(data.de.trivia[i].difficulty, q.difficulty);
    });
    assert.deepEqual(
      data.de.aura.map((a) => a.hex),
      data.en.aura.map((a) => a.hex),
    );
  });
});

describe('loadFunData', () => {
  it('refuses to start on a broken dataset and says what is wrong', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kizuna-fun-'));
    try {
      cpSync(DATA_DIR, dir, { recursive: true });
      const file = join(dir, 'de', 'truth.json');
      const truths = JSON.parse(readFileSync(file, 'utf8')) as string[];
      writeFileSync(file, JSON.stringify([...truths.slice(0, 98), truths[0]]));
      assert.throws(
        () => loadFunData(dir),
        (error: unknown) =>
          error instanceof DatasetError &&
          error.problems.some((p) => p.includes('de/truth has 99 entries')) &&
          error.problems.some((p) => p.includes('de/truth #99 repeats #1')),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
