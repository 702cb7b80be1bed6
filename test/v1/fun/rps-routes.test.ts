import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { funTestClient } from './fun-test-client.js';

const { get, refuses } = funTestClient();

describe('GET /api/v1/fun/rps', () => {
  it('plays a round: the result follows from both moves', async () => {
    const beats: Record<string, string> = { rock: 'scissors', paper: 'rock', scissors: 'paper' };
    for (let i = 0; i < 15; i++) {
      const { status, body } = await get('/api/v1/fun/rps?choice=rock');
      assert.equal(status, 200);
      assert.equal(body.choice, 'rock');
      const expected =
        body.serverChoice === 'rock' ? 'draw' : beats.rock === body.serverChoice ? 'win' : 'lose';
      assert.equal(body.result, expected);
      assert.equal(body.lang, 'en');
      assert.ok(body.message.length > 0);
    }
  });
  it('accepts German moves and then answers in German', async () => {
    const { status, body } = await get('/api/v1/fun/rps?choice=Schere');
    assert.equal(status, 200);
    assert.equal(body.choice, 'scissors');
    assert.equal(body.choiceName, 'Schere');
    assert.equal(body.lang, 'de');
    assert.ok(['Stein', 'Papier', 'Schere'].includes(body.serverChoiceName));
  });
  it('answers in the language asked for, whatever the move word', async () => {
    assert.equal((await get('/api/v1/fun/rps?choice=stein&lang=en')).body.choiceName, 'Rock');
    assert.equal((await get('/api/v1/fun/rps?choice=paper&lang=de')).body.choiceName, 'Papier');
  });
  it('lets the server play every move over time', async () => {
    const moves = new Set<string>();
    for (let i = 0; i < 60 && moves.size < 3; i++)
      moves.add((await get('/api/v1/fun/rps?choice=paper')).body.serverChoice);
    assert.equal(moves.size, 3);
  });
  it('refuses a missing, unknown or overlong choice and an unknown language', async () => {
    await refuses('/api/v1/fun/rps', 'choice');
    const body = await refuses('/api/v1/fun/rps?choice=lizard', 'choice');
    assert.match(body.detail, /rock, paper, scissors, stein, papier, schere/);
    await refuses('/api/v1/fun/rps?choice=', 'choice');
    // Names every plain object has are not moves either.
    for (const inherited of ['__proto__', 'constructor', 'toString', 'hasOwnProperty'])
      await refuses(`/api/v1/fun/rps?choice=${inherited}`, 'choice');
    await refuses(`/api/v1/fun/rps?choice=${'r'.repeat(21)}`, 'choice');
    await refuses('/api/v1/fun/rps?choice=rock&lang=fr', 'lang');
  });
});
