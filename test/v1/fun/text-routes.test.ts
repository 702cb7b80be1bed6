import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { funTestClient, LANG_CASES } from './fun-test-client.js';

const { get, refuses, app } = funTestClient();

describe('simple fun endpoints', () => {
  for (const kind of ['pickup', 'compliment', 'truth', 'dare']) {
    for (const { lang, query } of LANG_CASES) {
      it(`GET /fun/${kind} answers in ${lang} (${query || 'default'})`, async () => {
        const res = await app().inject({ method: 'GET', url: `/api/v1/fun/${kind}?${query}` });
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['cache-control'], 'no-store');
        const body = res.json();
        assert.deepEqual(Object.keys(body).sort(), ['id', 'lang', 'text']);
        assert.equal(body.lang, lang);
        assert.ok(Number.isInteger(body.id) && body.id >= 1 && body.text.length > 5);
      });
    }
    it(`GET /fun/${kind} refuses an unknown language`, async () => {
      await refuses(`/api/v1/fun/${kind}?lang=klingon`, 'lang');
    });
  }

  it('German texts differ from English ones', async () => {
    const en = new Set<string>();
    const de = new Set<string>();
    for (let i = 0; i < 5; i++) {
      en.add((await get('/api/v1/fun/truth')).body.text);
      de.add((await get('/api/v1/fun/truth?lang=de')).body.text);
    }
    assert.ok([...de].every((t) => !en.has(t)));
  });
});
