import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { funTestClient } from './fun-test-client.js';

const { get, refuses } = funTestClient();

describe('GET /api/v1/fun/wyr', () => {
  it('asks a whole question with its two options, in English and German', async () => {
    const en = await get('/api/v1/fun/wyr');
    assert.equal(en.status, 200);
    assert.equal(en.body.question, `Would you rather ${en.body.optionA} or ${en.body.optionB}?`);
    const de = await get('/api/v1/fun/wyr?lang=de');
    assert.equal(de.body.lang, 'de');
    assert.equal(de.body.question, `Würdest du lieber ${de.body.optionA} oder ${de.body.optionB}?`);
  });
  it('refuses an unknown language', async () => {
    await refuses('/api/v1/fun/wyr?lang=xx', 'lang');
  });
});
