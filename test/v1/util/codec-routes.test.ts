import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { assertBadRequest } from '../../helpers/assert-problem.js';
import { buildTestApp } from '../../helpers/test-app.js';

let app: FastifyInstance;
before(async () => {
  app = await buildTestApp({ rateLimitPerMinute: 100_000 });
});
const get = (url: string, query?: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, query });

describe('GET /api/v1/util/morse', () => {
  it('encodes by default and decodes with mode=decode', async () => {
    assert.deepEqual((await get('/util/morse', { text: 'SOS hilfe' })).json(), {
      mode: 'encode',
      result: '... --- ... / .... .. .-.. ..-. .',
    });
    assert.deepEqual(
      (await get('/util/morse', { text: '... --- ... / .... .. .-.. ..-. .', mode: 'decode' })).json(),
      {
        mode: 'decode',
        result: 'SOS HILFE',
      },
    );
  });
  it('refuses what cannot be encoded or decoded, naming text', async () => {
    assertBadRequest(await get('/util/morse', { text: '5 €' }), 'text');
    assertBadRequest(await get('/util/morse', { text: '........', mode: 'decode' }), 'text');
    assertBadRequest(await get('/util/morse', { text: 'abc', mode: 'decode' }), 'text');
    assertBadRequest(await get('/util/morse', { text: 'x', mode: 'up' }), 'mode');
    assertBadRequest(await get('/util/morse'), 'text');
  });
});

describe('GET /api/v1/util/binary', () => {
  it('encodes UTF-8 bytes and decodes them back', async () => {
    assert.deepEqual((await get('/util/binary', { text: 'Hä' })).json(), {
      mode: 'encode',
      result: '01001000 11000011 10100100',
    });
    assert.equal(
      (await get('/util/binary', { text: '01001000 11000011 10100100', mode: 'decode' })).json().result,
      'Hä',
    );
  });
  it('refuses groups that are not 8 bits, other characters and broken UTF-8, naming text', async () => {
    assertBadRequest(await get('/util/binary', { text: '0100100', mode: 'decode' }), 'text');
    assertBadRequest(await get('/util/binary', { text: '01001002', mode: 'decode' }), 'text');
    assertBadRequest(await get('/util/binary', { text: '11000011', mode: 'decode' }), 'text');
  });
});

describe('GET /api/v1/util/roman', () => {
  it('turns a number into a numeral and a numeral into a number', async () => {
    assert.deepEqual((await get('/util/roman', { number: '1994' })).json(), {
      direction: 'toRoman',
      arabic: 1994,
      roman: 'MCMXCIV',
    });
    assert.deepEqual((await get('/util/roman', { number: 'mmxxvi' })).json(), {
      direction: 'fromRoman',
      arabic: 2026,
      roman: 'MMXXVI',
    });
  });
  it('accepts 1 and 3999 and refuses 0 and 4000', async () => {
    assert.equal((await get('/util/roman', { number: '1' })).json().roman, 'I');
    assert.equal((await get('/util/roman', { number: '3999' })).json().roman, 'MMMCMXCIX');
    assert.equal((await get('/util/roman', { number: 'MMMCMXCIX' })).json().arabic, 3999);
    assertBadRequest(await get('/util/roman', { number: '0' }), 'number');
    assertBadRequest(await get('/util/roman', { number: '4000' }), 'number');
    assertBadRequest(await get('/util/roman', { number: 'MMMM' }), 'number');
  });
  it('refuses non-standard numerals and a missing number', async () => {
    for (const bad of ['IIII', 'VX', 'IC', 'hello'])
      assertBadRequest(await get('/util/roman', { number: bad }), 'number');
    assertBadRequest(await get('/util/roman'), 'number');
    assertBadRequest(await get('/util/roman', { number: '' }), 'number');
  });
});
