import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { berlinDate } from '../../../src/lib/berlin-clock.js';
import { assertProblem } from '../../helpers/assert-problem.js';
import { buildTestApp } from '../../helpers/test-app.js';

describe('daily and deterministic anime routes', () => {
  let app: FastifyInstance;
  const get = (url: string) => app.inject({ method: 'GET', url });

  const refuses = async (url: string, field: string) => {
    const response = await get(url);
    assertProblem(response, 400, 'VALIDATION_FAILED', url);
    assert.ok(
      response.json().errors.some((e: { field: string }) => e.field === field),
      `${url} names ${field}: ${response.body}`,
    );
  };

  before(async () => {
    app = await buildTestApp();
  });

  describe('GET /api/v1/anime/quote', () => {
    it('answers with the quote of the Berlin day, the same on every call', async () => {
      const first = await get('/api/v1/anime/quote');
      assert.equal(first.statusCode, 200);
      const quote = first.json();
      assert.ok(quote.text && quote.character && quote.anime);
      assert.equal(quote.date, berlinDate());
      assert.deepEqual((await get('/api/v1/anime/quote')).json(), quote);
    });
  });

  describe('GET /api/v1/anime/oracle', () => {
    it('answers a question the same way all day', async () => {
      const first = await get('/api/v1/anime/oracle?question=Will%20I%20pass%20my%20exam%3F');
      assert.equal(first.statusCode, 200);
      assert.ok(['yes', 'maybe', 'no'].includes(first.json().tone));
      const again = await get('/api/v1/anime/oracle?question=will%20i%20pass%20my%20exam');
      assert.equal(again.json().answer, first.json().answer);
    });
    it('refuses a missing, blank or overlong question', async () => {
      await refuses('/api/v1/anime/oracle', 'question');
      await refuses('/api/v1/anime/oracle?question=%20%20', 'question');
      await refuses(`/api/v1/anime/oracle?question=${'a'.repeat(301)}`, 'question');
    });
  });

  describe('GET /api/v1/anime/ship', () => {
    it('answers the same in either order', async () => {
      const ab = await get('/api/v1/anime/ship?a=Naruto&b=Hinata');
      const ba = await get('/api/v1/anime/ship?a=hinata&b=NARUTO');
      assert.equal(ab.statusCode, 200);
      assert.equal(ab.json().percentage, ba.json().percentage);
      assert.equal(ab.json().shipName, 'Hinuto');
      assert.equal(ab.json().bar.length, 10);
      assert.ok(ab.json().verdict);
    });
    it('refuses missing, blank or overlong names, naming each', async () => {
      await refuses('/api/v1/anime/ship?a=Naruto', 'b');
      await refuses('/api/v1/anime/ship?b=Naruto', 'a');
      await refuses('/api/v1/anime/ship?a=%20&b=x', 'a');
      await refuses(`/api/v1/anime/ship?a=x&b=${'y'.repeat(65)}`, 'b');
    });
  });

  describe('GET /api/v1/anime/rate', () => {
    it('gives a stable score with stars', async () => {
      const first = (await get('/api/v1/anime/rate?thing=Cowboy%20Bebop')).json();
      assert.ok(first.score >= 0 && first.score <= 100);
      assert.match(first.stars, /^[★☆]{5}$/);
      assert.deepEqual((await get('/api/v1/anime/rate?thing=cowboy%20bebop')).json().score, first.score);
    });
    it('refuses a missing or overlong thing', async () => {
      await refuses('/api/v1/anime/rate', 'thing');
      await refuses(`/api/v1/anime/rate?thing=${'t'.repeat(201)}`, 'thing');
    });
  });

  describe('GET /api/v1/anime/palette', () => {
    it('gives the same palette for the same seed, count and base', async () => {
      const url = '/api/v1/anime/palette?seed=sakura&count=4&base=%23ff6699';
      const first = await get(url);
      assert.equal(first.statusCode, 200);
      assert.equal(first.json().colours.length, 4);
      assert.equal(first.json().colours[0].hex, '#ff6699');
      assert.deepEqual((await get(url)).json(), first.json());
      assert.equal(
        (await get('/api/v1/anime/palette?seed=sakura&count=4&base=FF6699')).json().colours[0].hex,
        '#ff6699',
      );
    });
    it('chooses and returns a seed when none is given, so the palette can be had again', async () => {
      const random = await get('/api/v1/anime/palette');
      assert.equal(random.statusCode, 200);
      assert.equal(random.json().colours.length, 5);
      const again = await get(`/api/v1/anime/palette?seed=${random.json().seed}`);
      assert.deepEqual(again.json(), random.json());
    });
    it('honours a named scheme', async () => {
      const response = await get('/api/v1/anime/palette?seed=a&scheme=triadic&count=3');
      assert.equal(response.json().scheme, 'triadic');
    });
    it('refuses a bad count, base or scheme, naming it', async () => {
      await refuses('/api/v1/anime/palette?count=0', 'count');
      await refuses('/api/v1/anime/palette?count=11', 'count');
      await refuses('/api/v1/anime/palette?count=two', 'count');
      await refuses('/api/v1/anime/palette?base=red', 'base');
      await refuses('/api/v1/anime/palette?base=%23ff66', 'base');
      await refuses('/api/v1/anime/palette?scheme=rainbow', 'scheme');
      await refuses(`/api/v1/anime/palette?seed=${'s'.repeat(101)}`, 'seed');
    });
  });
});
