import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { berlinDate } from '../../../src/lib/berlin-clock.js';
import { AnimeCache } from '../../../src/v1/anime/jikan/anime-cache.js';
import { AnimeData } from '../../../src/v1/anime/jikan/anime-data.js';
import { seasonOf } from '../../../src/v1/anime/jikan/current-season.js';
import { JikanClient } from '../../../src/v1/anime/jikan/jikan-client.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { FakeJikan, jikanAnime, page } from './fake-jikan.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const today = berlinDate();
const { season, year } = seasonOf(today);
const seasonPath = `/seasons/${year}/${season}`;

/** Waits (bounded) until the fake has seen a new request for each path (beyond `counted`). */
async function seen(fake: FakeJikan, counted: Record<string, number>) {
  const paths = Object.keys(counted);
  const asked = () => paths.every((p) => fake.count(p) > (counted[p] ?? 0));
  for (let i = 0; i < 200 && !asked(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const path of paths) assert.ok(fake.count(path) > (counted[path] ?? 0), `${path} was asked for`);
}

describe('anime lists prefetched ahead of an upstream outage', () => {
  let fake: FakeJikan;
  before(async () => {
    fake = await FakeJikan.start();
  });
  after(() => fake.close());

  const up = () => {
    fake.script('/top/anime', { status: 200, body: page(jikanAnime(5114, 'Fullmetal Alchemist')) });
    fake.script(seasonPath, { status: 200, body: page(jikanAnime(59978, 'Sousou no Frieren 2')) });
  };
  const down = () => {
    fake.script('/top/anime', { status: 503 });
    fake.script(seasonPath, { drop: true });
  };

  describe('AnimeData.refreshLists', () => {
    let app: FastifyInstance;
    let clock: number;
    let data: AnimeData;
    before(async () => {
      app = await buildTestApp();
      clock = Date.now();
      const cache = new AnimeCache(app.db, {
        freshMs: DAY_MS,
        keepMs: 30 * DAY_MS,
        memoryEntries: 10,
        now: () => clock,
      });
      const client = new JikanClient({ baseUrl: fake.url, timeoutMs: 2000, maxAttempts: 1 });
      data = new AnimeData(client, cache);
    });

    it('fetches top and the season, and later serves them, stale and dated, while upstream is down', async () => {
      up();
      const before = fake.requests.length;
      await data.refreshLists(today, 3 * HOUR_MS);
      assert.equal(fake.requests.length - before, 2);
      const fetchedAt = clock;

      clock += 2 * DAY_MS;
      down();
      const top = await data.top(10);
      assert.equal(top.cache, 'stale');
      assert.equal(top.fetchedAt, fetchedAt);
      assert.equal(top.value[0]?.title, 'Fullmetal Alchemist');
      const current = await data.season(today);
      assert.equal(current.cache, 'stale');
      assert.equal(current.value.results[0]?.title, 'Sousou no Frieren 2');
    });

    it('leaves an answer younger than the limit alone, so instances and restarts do not ask twice', async () => {
      up();
      await data.refreshLists(today, 3 * HOUR_MS);
      const before = fake.requests.length;
      clock += HOUR_MS;
      await data.refreshLists(today, 3 * HOUR_MS);
      assert.equal(fake.requests.length, before, 'nothing asked upstream');
      clock += 3 * HOUR_MS;
      await data.refreshLists(today, 3 * HOUR_MS);
      assert.equal(fake.requests.length, before + 2);
    });

    it('rejects when upstream is down, keeping the last good answer', async () => {
      clock += DAY_MS;
      down();
      await assert.rejects(data.refreshLists(today, 3 * HOUR_MS));
      const top = await data.top(1);
      assert.equal(top.cache, 'stale');
      assert.equal(top.value.length, 1);
    });
  });

  describe('the server', () => {
    it('fetches top and the season at start without a client asking, and an outage then gets no 502', async () => {
      up();
      const before = { '/top/anime': fake.count('/top/anime'), [seasonPath]: fake.count(seasonPath) };
      const app = await buildTestApp({
        jikanUrl: fake.url,
        jikanTimeoutMs: 2000,
        jikanRefreshMs: 6 * HOUR_MS,
      });
      // Started before the prefetch was answered: it runs in the background.
      await seen(fake, before);
      // The answers are stored before they are counted as asked; wait for them to be held.
      for (let i = 0; i < 100; i++) {
        const rows = await app.db.selectFrom('anime_cache').select('key').execute();
        if (rows.length >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

      down();
      const top = await app.inject({ url: '/api/v1/anime/top?limit=1' });
      assert.equal(top.statusCode, 200);
      assert.equal(top.json().results[0].title, 'Fullmetal Alchemist');
      const current = await app.inject({ url: '/api/v1/anime/season' });
      assert.equal(current.statusCode, 200);
      assert.equal(current.json().results[0].title, 'Sousou no Frieren 2');
    });

    it('logs an outage at start as one line that names it, without a stack', async () => {
      down();
      const lines: { msg?: string; err?: unknown; failure?: string }[] = [];
      const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
      await buildTestApp(
        { jikanUrl: fake.url, jikanTimeoutMs: 2000, jikanRefreshMs: 6 * HOUR_MS },
        { logger: { level: 'warn', stream } },
      );
      const aboutAnime = () => lines.filter((line) => /anime/.test(line.msg ?? ''));
      for (let i = 0; i < 200 && aboutAnime().length === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));

      const [warning, ...more] = aboutAnime();
      assert.ok(warning, 'the outage was logged');
      assert.deepEqual(more, []);
      assert.match(warning.msg ?? '', /^anime lists not renewed: The anime database /);
      assert.equal(warning.failure, 'failed');
      assert.equal(warning.err, undefined, 'no error object, so no stack');
    });

    it('with JIKAN_REFRESH_MINUTES=0 nothing is asked ahead of a client', async () => {
      const before = fake.requests.length;
      const app = await buildTestApp({ jikanUrl: fake.url, jikanRefreshMs: 0 });
      await app.inject({ url: '/healthz' });
      assert.equal(fake.requests.length, before);
    });
  });
});
