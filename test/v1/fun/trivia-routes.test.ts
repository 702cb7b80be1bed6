import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { funTestClient, LANG_CASES } from './fun-test-client.js';

const { get, refuses } = funTestClient();

describe('GET /api/v1/fun/trivia', () => {
  for (const { lang, query } of LANG_CASES) {
    it(`serves a question with four choices (${query || 'default'})`, async () => {
      const { status, body } = await get(`/api/v1/fun/trivia?${query}`);
      assert.equal(status, 200);
      assert.equal(body.lang, lang);
      assert.equal(body.choices.length, 4);
      assert.equal(body.choices[body.answerIndex], body.answer);
      assert.ok(body.id >= 1 && body.question && body.category && body.categoryLabel && body.difficulty);
    });
  }
  it('serves the same question id in both languages as a translation of each other', async () => {
    const en = await get('/api/v1/fun/trivia?category=math&difficulty=easy');
    const de = await get('/api/v1/fun/trivia?category=math&difficulty=easy&lang=de');
    assert.equal(de.body.categoryLabel, 'Zahlen & Mathe');
    assert.equal(en.body.categoryLabel, 'Numbers & Math');
  });
  it('filters by category and difficulty', async () => {
    for (let i = 0; i < 10; i++) {
      const { body } = await get('/api/v1/fun/trivia?category=space&difficulty=hard&lang=de');
      assert.equal(body.category, 'space');
      assert.equal(body.difficulty, 'hard');
    }
  });
  it('refuses an unknown category or difficulty and lists the valid ones', async () => {
    const category = await refuses('/api/v1/fun/trivia?category=gossip', 'category');
    assert.match(JSON.stringify(category.errors), /science.*geography.*math/);
    const difficulty = await refuses('/api/v1/fun/trivia?difficulty=extreme', 'difficulty');
    assert.match(JSON.stringify(difficulty.errors), /easy, medium, hard/);
  });
  it('refuses an unknown language', async () => {
    const body = await refuses('/api/v1/fun/trivia?lang=fr', 'lang');
    assert.match(JSON.stringify(body.errors), /en, de/);
  });
});
