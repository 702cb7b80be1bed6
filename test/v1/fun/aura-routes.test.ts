import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { funTestClient } from './fun-test-client.js';

const { get, refuses } = funTestClient();

describe('GET /api/v1/fun/aura', () => {
  it('reads an aura with score and colour, the same for the same name today', async () => {
    const first = await get('/api/v1/fun/aura?name=Mika');
    assert.equal(first.status, 200);
    const { name, date, score, color, hex, description, lang } = first.body;
    assert.equal(name, 'Mika');
    assert.match(date, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(Number.isInteger(score) && score >= 0 && score <= 100);
    assert.match(hex, /^#[0-9a-f]{6}$/);
    assert.ok(color && description);
    assert.equal(lang, 'en');
    const again = await get('/api/v1/fun/aura?name=%20mika%20');
    assert.equal(again.body.score, score);
    assert.equal(again.body.hex, hex);
  });
  it('reads the same aura in German, described in German', async () => {
    const en = await get('/api/v1/fun/aura?name=Jonas');
    const de = await get('/api/v1/fun/aura?name=Jonas&lang=de');
    assert.equal(de.status, 200);
    assert.equal(de.body.lang, 'de');
    assert.equal(de.body.hex, en.body.hex);
    assert.equal(de.body.score, en.body.score);
    assert.notEqual(de.body.description, en.body.description);
  });
  it('refuses a missing, blank or overlong name and an unknown language', async () => {
    await refuses('/api/v1/fun/aura', 'name');
    await refuses('/api/v1/fun/aura?name=', 'name');
    await refuses('/api/v1/fun/aura?name=%20%20', 'name');
    await refuses(`/api/v1/fun/aura?name=${'a'.repeat(101)}`, 'name');
    await refuses('/api/v1/fun/aura?name=Mika&lang=es', 'lang');
  });
});
