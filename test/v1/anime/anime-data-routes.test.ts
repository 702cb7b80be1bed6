import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { berlinDate } from '../../../src/lib/berlin-clock.js';
import { seasonOf } from '../../../src/v1/anime/jikan/current-season.js';
import { assertProblem } from '../../helpers/assert-problem.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { FakeJikan, jikanAnime, page } from './fake-jikan.js';

// Leaves 1250 ms of the 1.5 × timeout budget for a slot: more than one second-window of the limiter.
const TIMEOUT_MS = 2500;

describe('anime data routes against a fake Jikan', () => {
  let fake: FakeJikan;
  let app: FastifyInstance;
  const get = (url: string) => app.inject({ method: 'GET', url });

  before(async () => {
    fake = await FakeJikan.start();
    app = await buildTestApp({ jikanUrl: fake.url, jikanTimeoutMs: TIMEOUT_MS });
  });
  after(() => fake.close());

  describe('GET /api/v1/anime/lookup', () => {
    it('answers with the normalised best match and remembers it, so a repeat never goes upstream', async () => {
      fake.script('/anime', {
        status: 200,
        body: page(jikanAnime(20, 'Naruto'), jikanAnime(1735, 'Naruto: Shippuuden')),
      });
      const first = await get('/api/v1/anime/lookup?title=naruto:%20shippuuden');
      assert.equal(first.statusCode, 200);
      assert.equal(first.headers['x-cache'], 'miss');
      assert.deepEqual(first.json(), {
        malId: 1735,
        title: 'Naruto: Shippuuden',
        titleEnglish: 'Naruto: Shippuuden (English)',
        score: 8.5,
        episodes: 12,
        genres: ['Action', 'Drama'],
        synopsis: 'The story of Naruto: Shippuuden.',
        poster: 'https://cdn.myanimelist.net/images/anime/1735l.jpg',
        url: 'https://myanimelist.net/anime/1735',
        season: 'fall',
        year: 2024,
      });
      assert.equal(fake.count('/anime'), 1);
      assert.equal(fake.requests.at(-1)?.query.get('q'), 'naruto: shippuuden');

      const again = await get('/api/v1/anime/lookup?title=%20%20Naruto:%20%20SHIPPUUDEN%20');
      assert.equal(again.statusCode, 200);
      assert.equal(again.headers['x-cache'], 'hit');
      assert.equal(again.json().malId, 1735);
      assert.equal(fake.count('/anime'), 1, 'the repeat was answered from the cache');
    });

    it('asks upstream once for a burst of the same new question', async () => {
      fake.script('/anime', {
        status: 200,
        body: page(jikanAnime(5114, 'Fullmetal Alchemist: Brotherhood')),
        delayMs: 50,
      });
      const before = fake.count('/anime');
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => get('/api/v1/anime/lookup?title=fullmetal')),
      );
      assert.ok(answers.every((a) => a.statusCode === 200 && a.json().malId === 5114));
      assert.equal(fake.count('/anime'), before + 1);
    });

    it('404s when the database finds nothing, and remembers that too', async () => {
      fake.script('/anime', { status: 200, body: page() });
      const before = fake.count('/anime');
      const response = await get('/api/v1/anime/lookup?title=no%20such%20show');
      assertProblem(response, 404, 'NOT_FOUND');
      assert.match(response.json().detail, /no such show/);
      assert.equal((await get('/api/v1/anime/lookup?title=No%20Such%20Show')).statusCode, 404);
      assert.equal(fake.count('/anime'), before + 1);
    });

    it('404s when upstream itself answers 404', async () => {
      fake.script('/anime', { status: 404, body: { status: 404 } });
      const response = await get('/api/v1/anime/lookup?title=upstream%20404');
      assertProblem(response, 404, 'NOT_FOUND');
    });

    it('retries a 500 and then answers', async () => {
      fake.script('/anime', { status: 500 }, { status: 200, body: page(jikanAnime(21, 'One Piece')) });
      const before = fake.count('/anime');
      const response = await get('/api/v1/anime/lookup?title=one%20piece');
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().malId, 21);
      assert.equal(fake.count('/anime'), before + 2);
    });

    it('gives 502 UPSTREAM_FAILED after three failing attempts', async () => {
      fake.script('/anime', { status: 503 });
      const before = fake.count('/anime');
      const response = await get('/api/v1/anime/lookup?title=always%20failing');
      assertProblem(response, 502, 'UPSTREAM_FAILED');
      assert.equal(fake.count('/anime'), before + 3);
    });

    it('waits as long as a 429 Retry-After asks, then answers', async () => {
      fake.script(
        '/anime',
        { status: 429, headers: { 'retry-after': '1' }, body: { status: 429 } },
        { status: 200, body: page(jikanAnime(30, 'Neon Genesis Evangelion')) },
      );
      const before = fake.requests.length;
      const response = await get('/api/v1/anime/lookup?title=evangelion');
      assert.equal(response.statusCode, 200);
      const [limited, retried] = fake.requests.slice(before);
      assert.ok(retried.at - limited.at >= 950, 'the retry came after the second Retry-After asked for');
    });

    it('after a 429 with Retry-After: 30, other questions stay away from upstream: stale or 503 with Retry-After', async () => {
      // An app of its own: the pause belongs to its Jikan client and lasts beyond this test.
      const paused = await buildTestApp({ jikanUrl: fake.url, jikanTimeoutMs: TIMEOUT_MS });
      const ask = (url: string) => paused.inject({ method: 'GET', url });
      const old = { ...jikanAnime(32281, 'Kimi no Na wa.') };
      await paused.db
        .insertInto('anime_cache')
        .values({
          key: 'lookup:kimi no na wa',
          value: JSON.stringify({
            malId: old.mal_id,
            title: old.title,
            titleEnglish: 'Your Name.',
            score: 8.8,
            episodes: 1,
            genres: [],
            synopsis: null,
            poster: null,
            url: old.url,
            season: null,
            year: 2016,
          }),
          fetched_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        })
        .execute();
      const retryAfter = (response: { headers: Record<string, unknown> }) =>
        Number(response.headers['retry-after']);

      fake.script('/anime', { status: 429, headers: { 'retry-after': '30' }, body: { status: 429 } });
      const before = fake.count('/anime');
      const limited = await ask('/api/v1/anime/lookup?title=rate%20limited%20for%20a%20while');
      assertProblem(limited, 503, 'SERVICE_UNAVAILABLE');
      assert.ok(retryAfter(limited) >= 25 && retryAfter(limited) <= 30, `Retry-After ${retryAfter(limited)}`);
      assert.equal(fake.count('/anime'), before + 1, 'a 30 s pause is not waited out: no retry');

      // Upstream would answer now, but the pause is not over: nobody asks it.
      fake.script('/anime', { status: 200, body: page(jikanAnime(5114, 'Fullmetal Alchemist')) });
      const other = await ask('/api/v1/anime/lookup?title=a%20different%20question');
      assert.equal(other.statusCode, 503);
      assert.ok(retryAfter(other) >= 25 && retryAfter(other) <= 30, `Retry-After ${retryAfter(other)}`);
      const top = await ask('/api/v1/anime/top');
      assert.equal(top.statusCode, 503);
      assert.ok(retryAfter(top) >= 25 && retryAfter(top) <= 30);
      const stale = await ask('/api/v1/anime/lookup?title=Kimi%20no%20Na%20wa');
      assert.equal(stale.statusCode, 200);
      assert.equal(stale.headers['x-cache'], 'stale');
      assert.equal(stale.json().malId, 32281);
      assert.equal(fake.count('/anime'), before + 1, 'no other question reached upstream');
      assert.equal(fake.count('/top/anime'), 0);
    });

    it('gives up when a retry no longer fits the time budget: a 500 just under the timeout → 504', async () => {
      fake.script('/anime', { status: 500, delayMs: TIMEOUT_MS - 200 });
      const before = fake.count('/anime');
      const response = await get('/api/v1/anime/lookup?title=slow%20and%20failing');
      assertProblem(response, 504, 'UPSTREAM_TIMEOUT');
      assert.equal(fake.count('/anime'), before + 1, 'one attempt: a second could not finish in time');
    });

    it('gives 504 UPSTREAM_TIMEOUT when upstream is too slow, without asking again', async () => {
      fake.script('/anime', {
        status: 200,
        body: page(jikanAnime(1, 'Cowboy Bebop')),
        delayMs: TIMEOUT_MS * 5,
      });
      const before = fake.count('/anime');
      const response = await get('/api/v1/anime/lookup?title=slow%20show');
      assertProblem(response, 504, 'UPSTREAM_TIMEOUT');
      assert.equal(fake.count('/anime'), before + 1);
    });

    it('retries a dropped connection, and gives 502 when every attempt is dropped', async () => {
      fake.script('/anime', { drop: true }, { status: 200, body: page(jikanAnime(9253, 'Steins;Gate')) });
      const recovered = await get('/api/v1/anime/lookup?title=steins%20gate');
      assert.equal(recovered.statusCode, 200);
      assert.equal(recovered.json().malId, 9253);

      fake.script('/anime', { drop: true });
      const failed = await get('/api/v1/anime/lookup?title=always%20dropped');
      assertProblem(failed, 502, 'UPSTREAM_FAILED');
    });

    it('serves an older cached answer, marked stale, when upstream fails or is too slow', async () => {
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
      const old = {
        malId: 199,
        title: 'Sen to Chihiro no Kamikakushi',
        titleEnglish: 'Spirited Away',
        score: 8.8,
        episodes: 1,
        genres: ['Adventure'],
        synopsis: null,
        poster: null,
        url: 'https://myanimelist.net/anime/199',
        season: null,
        year: null,
      };
      await app.db
        .insertInto('anime_cache')
        .values({ key: 'lookup:spirited away', value: JSON.stringify(old), fetched_at: twoDaysAgo })
        .execute();

      fake.script('/anime', { status: 500 });
      const failed = await get('/api/v1/anime/lookup?title=Spirited%20Away');
      assert.equal(failed.statusCode, 200);
      assert.deepEqual(failed.json(), old);
      assert.equal(failed.headers['x-cache'], 'stale');
      assert.equal(failed.headers.warning, '110 - "Response is Stale"');
      assert.ok(Number(failed.headers.age) >= 2 * 86_400 - 5);

      fake.script('/anime', {
        status: 200,
        body: page(jikanAnime(199, 'Sen to Chihiro')),
        delayMs: TIMEOUT_MS * 5,
      });
      const slow = await get('/api/v1/anime/lookup?title=spirited%20away');
      assert.equal(slow.statusCode, 200);
      assert.equal(slow.headers['x-cache'], 'stale');

      fake.script('/anime', { status: 200, body: page(jikanAnime(199, 'Sen to Chihiro')) });
      const renewed = await get('/api/v1/anime/lookup?title=spirited%20away');
      assert.equal(renewed.headers['x-cache'], 'miss');
      assert.equal(renewed.json().title, 'Sen to Chihiro');
    });

    it('refuses a missing, blank or overlong title with 400 naming it', async () => {
      const before = fake.requests.length;
      for (const url of [
        '/api/v1/anime/lookup',
        '/api/v1/anime/lookup?title=',
        '/api/v1/anime/lookup?title=%20%20%20',
        `/api/v1/anime/lookup?title=${'x'.repeat(201)}`,
      ]) {
        const response = await get(url);
        assertProblem(response, 400, 'VALIDATION_FAILED', url);
        assert.equal(response.json().errors[0].field, 'title', url);
      }
      assert.equal(fake.requests.length, before, 'nothing went upstream');
    });
  });

  describe('GET /api/v1/anime/top', () => {
    it('answers with as many as asked, from one cached upstream list', async () => {
      fake.script('/top/anime', {
        status: 200,
        body: page(...Array.from({ length: 25 }, (_, i) => jikanAnime(1000 + i, `Top ${i + 1}`))),
      });
      const three = await get('/api/v1/anime/top?limit=3');
      assert.equal(three.statusCode, 200);
      assert.deepEqual(
        three.json().results.map((a: { title: string }) => a.title),
        ['Top 1', 'Top 2', 'Top 3'],
      );
      assert.equal(fake.requests.at(-1)?.query.get('limit'), '25');
      const all = await get('/api/v1/anime/top?limit=25');
      assert.equal(all.json().results.length, 25);
      assert.equal(all.headers['x-cache'], 'hit');
      assert.equal((await get('/api/v1/anime/top')).json().results.length, 10);
      assert.equal(fake.count('/top/anime'), 1);
    });

    it('refuses a limit outside 1..25 or not a number with 400 naming limit', async () => {
      for (const limit of ['0', '26', '-1', 'abc', '2.5']) {
        const response = await get(`/api/v1/anime/top?limit=${limit}`);
        assert.equal(response.statusCode, 400, limit);
        assert.equal(response.json().errors[0].field, 'limit');
      }
    });
  });

  describe('GET /api/v1/anime/season', () => {
    it('asks for the season running on the Berlin calendar and answers with it', async () => {
      const { season, year } = seasonOf(berlinDate());
      fake.script(`/seasons/${year}/${season}`, {
        status: 200,
        body: page(jikanAnime(1, 'Now Airing'), jikanAnime(2, 'Also Airing')),
      });
      const response = await get('/api/v1/anime/season');
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().season, season);
      assert.equal(response.json().year, year);
      assert.deepEqual(
        response.json().results.map((a: { malId: number }) => a.malId),
        [1, 2],
      );
      assert.equal((await get('/api/v1/anime/season?limit=1')).json().results.length, 1);
      assert.equal(fake.count(`/seasons/${year}/${season}`), 1);
      assert.equal((await get('/api/v1/anime/season?limit=0')).statusCode, 400);
    });

    it('gives 502 when upstream sends something that is not a Jikan list', async () => {
      const other = await buildTestApp({ jikanUrl: fake.url, jikanTimeoutMs: TIMEOUT_MS });
      const { season, year } = seasonOf(berlinDate());
      fake.script(`/seasons/${year}/${season}`, { status: 200, body: { unexpected: true } });
      const response = await other.inject({ method: 'GET', url: '/api/v1/anime/season' });
      assertProblem(response, 502, 'UPSTREAM_FAILED');
    });
  });
});
