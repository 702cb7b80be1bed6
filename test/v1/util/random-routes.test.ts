import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { assertBadRequest } from '../../helpers/assert-problem.js';
import { buildTestApp } from '../../helpers/test-app.js';

// The rate limit has its own tests; here it must not get in the way of the boundary checks.
let app: FastifyInstance;
before(async () => {
  app = await buildTestApp({ rateLimitPerMinute: 100_000 });
});
const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}` });

describe('GET /api/v1/util/uuid', () => {
  it('gives one v4 UUID by default, uncacheable', async () => {
    const response = await get('/util/uuid');
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.count, 1);
    assert.equal(body.uuids.length, 1);
    assert.match(body.uuids[0], /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(response.headers['cache-control'], 'no-store');
  });
  it('gives up to 50 distinct UUIDs; 0 and 51 are refused', async () => {
    const body = (await get('/util/uuid?count=50')).json();
    assert.equal(new Set(body.uuids).size, 50);
    assert.equal((await get('/util/uuid?count=1')).json().uuids.length, 1);
    assertBadRequest(await get('/util/uuid?count=51'), 'count');
    assertBadRequest(await get('/util/uuid?count=0'), 'count');
  });
  it('refuses a count that is not a whole number', async () => {
    for (const bad of ['abc', '2.5', '', '-1'])
      assertBadRequest(await get(`/util/uuid?count=${bad}`), 'count');
  });
});

describe('GET /api/v1/util/password', () => {
  it('gives 16 characters with symbols by default', async () => {
    const body = (await get('/util/password')).json();
    assert.equal(body.password.length, 16);
    assert.deepEqual([body.length, body.symbols], [16, true]);
    assert.match(body.password, /[^A-Za-z0-9]/);
    assert.ok(body.entropyBits > 90);
  });
  it('accepts lengths 8 and 128 and refuses 7 and 129', async () => {
    assert.equal((await get('/util/password?length=8')).json().password.length, 8);
    assert.equal((await get('/util/password?length=128')).json().password.length, 128);
    assertBadRequest(await get('/util/password?length=7'), 'length');
    assertBadRequest(await get('/util/password?length=129'), 'length');
  });
  it('with symbols=0 (or false) gives letters and digits only', async () => {
    for (const flag of ['0', 'false']) {
      const body = (await get(`/util/password?length=128&symbols=${flag}`)).json();
      assert.match(body.password, /^[A-Za-z0-9]{128}$/);
      assert.equal(body.symbols, false);
    }
    assert.equal((await get('/util/password?symbols=true')).json().symbols, true);
  });
  it('refuses another symbols value, naming it', async () => {
    assertBadRequest(await get('/util/password?symbols=maybe'), 'symbols');
  });
});

describe('GET /api/v1/util/dice', () => {
  it('rolls one six-sided die by default', async () => {
    const body = (await get('/util/dice')).json();
    assert.deepEqual([body.sides, body.count, body.rolls.length], [6, 1, 1]);
    assert.ok(body.rolls[0] >= 1 && body.rolls[0] <= 6);
    assert.equal(body.sum, body.rolls[0]);
  });
  it('accepts sides 2 and 1000 and refuses 1 and 1001', async () => {
    const two = (await get('/util/dice?sides=2&count=100')).json();
    assert.ok(two.rolls.every((r: number) => r === 1 || r === 2));
    const thousand = (await get('/util/dice?sides=1000&count=100')).json();
    assert.ok(thousand.rolls.every((r: number) => r >= 1 && r <= 1000));
    assertBadRequest(await get('/util/dice?sides=1'), 'sides');
    assertBadRequest(await get('/util/dice?sides=1001'), 'sides');
  });
  it('accepts count 1 and 100 and refuses 0 and 101', async () => {
    const hundred = (await get('/util/dice?count=100')).json();
    assert.equal(hundred.rolls.length, 100);
    assert.equal(
      hundred.sum,
      hundred.rolls.reduce((a: number, b: number) => a + b, 0),
    );
    assert.equal((await get('/util/dice?count=1')).json().rolls.length, 1);
    assertBadRequest(await get('/util/dice?count=0'), 'count');
    assertBadRequest(await get('/util/dice?count=101'), 'count');
  });
  it('names every bad parameter at once', async () => {
    const response = await get('/util/dice?sides=x&count=1000');
    assertBadRequest(response, 'sides');
    assertBadRequest(response, 'count');
  });
});

describe('GET /api/v1/util/coinflip', () => {
  it('lands on heads or tails, and on both over many flips', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const response = await get('/util/coinflip');
      assert.equal(response.statusCode, 200);
      seen.add(response.json().result);
    }
    assert.deepEqual([...seen].sort(), ['heads', 'tails']);
  });
});
