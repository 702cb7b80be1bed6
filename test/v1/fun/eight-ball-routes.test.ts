import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { funTestClient } from './fun-test-client.js';

const { get, refuses } = funTestClient();

describe('GET /api/v1/fun/8ball', () => {
  it('answers a question, the same way for the same question today', async () => {
    const first = await get('/api/v1/fun/8ball?question=Will%20it%20rain%3F');
    assert.equal(first.status, 200);
    assert.equal(first.body.question, 'Will it rain?');
    assert.ok(['positive', 'neutral', 'negative'].includes(first.body.type));
    assert.match(first.body.date, /^\d{4}-\d{2}-\d{2}$/);
    const again = await get('/api/v1/fun/8ball?question=%20will%20IT%20rain');
    assert.equal(again.body.answer, first.body.answer);
  });
  it('answers in German', async () => {
    const { status, body } = await get('/api/v1/fun/8ball?question=Wird%20es%20regnen%3F&lang=de');
    assert.equal(status, 200);
    assert.equal(body.lang, 'de');
  });
  it('refuses a missing, empty, punctuation-only or overlong question and an unknown language', async () => {
    await refuses('/api/v1/fun/8ball', 'question');
    await refuses('/api/v1/fun/8ball?question=', 'question');
    await refuses('/api/v1/fun/8ball?question=%3F%3F%3F', 'question');
    await refuses(`/api/v1/fun/8ball?question=${'q'.repeat(501)}`, 'question');
    await refuses('/api/v1/fun/8ball?question=Why&lang=it', 'lang');
  });
});
