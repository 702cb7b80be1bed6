import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { downloaderFor } from '../../src/downloader/downloader-for.js';
import { connect, SteeredEngine } from '../downloader/fake-engine.js';
import { hasRedisServer, OwnRedis } from '../helpers/redis-server.js';
import { buildTestApp } from '../helpers/test-app.js';

/**
 * Not a timing assertion: an answer after this long would be the stall these tests are about
 * (ioredis' retry queue held requests for 1.5 to 12 s), so anything under it counts as at once.
 */
const NO_STALL_MS = 5000;

async function answered(app: FastifyInstance, options: InjectOptions | string) {
  const started = performance.now();
  const res = await app.inject(options);
  const ms = performance.now() - started;
  assert.ok(ms < NO_STALL_MS, `answered after ${Math.round(ms)} ms`);
  return res;
}

/** Asks again until `check` holds; Redis reconnects are at most a second apart. */
async function eventually(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(100)) if (await check()) return;
  assert.fail(`${what} within ${ms} ms`);
}

async function withEngine(app: FastifyInstance): Promise<SteeredEngine> {
  const service = await downloaderFor(app);
  const engine = new SteeredEngine();
  for (const platform of Object.keys(service.engines) as Array<keyof typeof service.engines>) {
    service.engines[platform] = engine;
  }
  service.settings.progressIntervalMs = 0;
  return engine;
}

const submit = (app: FastifyInstance, url: string) =>
  answered(app, { method: 'POST', url: '/api/v1/d/youtube', payload: { url } });

let redis: OwnRedis | undefined;
// Registered after the test helper's own hook, so it runs after every app has been closed.
after(async () => {
  await redis?.stop();
});

describe('Redis goes down and comes back', {
  skip: !hasRedisServer && 'needs redis-server on the PATH (the test starts and kills its own)',
}, () => {
  let app: FastifyInstance;
  let engine: SteeredEngine;

  before(async () => {
    redis = await OwnRedis.start();
    app = await buildTestApp({ redisUrl: redis.url, downloadWorkers: 2, rateLimitPerMinute: 30 });
    engine = await withEngine(app);
  });

  test('with Redis up the rate limit is shared and /readyz says redis ok', async () => {
    const ready = await answered(app, '/readyz');
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(ready.json().checks, { database: 'ok', redis: 'ok', storage: 'ok', eventLoop: 'ok' });
    const res = await answered(app, { url: '/api/v1/util/uuid', remoteAddress: '10.0.0.1' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['x-ratelimit-scope'], undefined);
  });

  test('with Redis killed every answer comes at once, and none is a 500', async () => {
    const url = 'https://youtu.be/redisdown01';
    const accepted = await submit(app, url);
    assert.equal(accepted.statusCode, 202);
    const { id } = accepted.json();
    await engine.whenStarted(url);
    const watcher = await connect(app, `/api/v1/ws/${id}`);
    await watcher.received(1);

    await redis!.stop();

    // The watcher of a job whose events can no longer be followed hears so, and is closed.
    const closed = await watcher.closed;
    assert.equal(closed.code, 1013);
    assert.equal(watcher.messages.at(-1)?.type, 'error');
    assert.equal(watcher.messages.at(-1)?.code, 'QUEUE_UNAVAILABLE');

    const refused = await submit(app, 'https://youtu.be/redisdown02');
    assert.equal(refused.statusCode, 503, refused.body);
    assert.equal(refused.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(refused.json().code, 'QUEUE_UNAVAILABLE');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await answered(app, { method, url: `/api/v1/jobs/${id}` });
      assert.equal(res.statusCode, 503, `${method} ${res.body}`);
      assert.equal(res.json().code, 'QUEUE_UNAVAILABLE');
    }

    const ready = await answered(app, '/readyz');
    assert.equal(ready.statusCode, 503);
    assert.deepEqual(ready.json().checks, { database: 'ok', redis: 'down', storage: 'ok', eventLoop: 'ok' });
    assert.equal((await answered(app, '/healthz')).statusCode, 200);

    // The rate limit goes on, per instance, and says so.
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await answered(app, { url: '/api/v1/util/uuid', remoteAddress: '10.0.0.2' });
      assert.equal(res.headers['x-ratelimit-scope'], 'local');
      statuses.push(res.statusCode);
    }
    assert.deepEqual(statuses, [...Array(30).fill(200), 429]);

    // A newcomer is told at once rather than left waiting on a bus that is gone.
    const late = await connect(app, `/api/v1/ws/${id}`);
    assert.equal((await late.closed).code, 1013);
    assert.equal(late.messages[0]?.code, 'QUEUE_UNAVAILABLE');

    // The download itself ends here; what it records is lost with this Redis (no persistence).
    engine.release(url);
  });

  test('with Redis back the instance recovers by itself within seconds', async () => {
    await redis!.start();
    await eventually('/readyz answers 200', async () => (await app.inject('/readyz')).statusCode === 200);
    await eventually(
      'the rate limit is shared again',
      async () =>
        (await app.inject({ url: '/api/v1/util/uuid', remoteAddress: '10.0.0.3' })).headers[
          'x-ratelimit-scope'
        ] === undefined,
    );
    let accepted = await submit(app, 'https://youtu.be/redisback01');
    await eventually('the queue takes downloads again', async () => {
      if (accepted.statusCode === 202) return true;
      assert.equal(accepted.statusCode, 503, accepted.body);
      accepted = await submit(app, 'https://youtu.be/redisback01');
      return accepted.statusCode === 202;
    });
    const { id } = accepted.json();
    // The workers fetch again after their retry delay: the job runs and ends as usual.
    await engine.whenStarted('https://youtu.be/redisback01');
    const watcher = await connect(app, `/api/v1/ws/${id}`);
    await watcher.received(1);
    engine.release('https://youtu.be/redisback01');
    assert.equal((await watcher.closed).code, 1000);
    assert.equal(watcher.messages.at(-1)?.type, 'done');
  });

  test('a Redis that hangs instead of refusing holds no request up either', async () => {
    redis!.pause();
    try {
      const ready = await answered(app, '/readyz');
      assert.equal(ready.statusCode, 503);
      assert.equal(ready.json().checks.redis, 'down');
      const refused = await submit(app, 'https://youtu.be/redishang01');
      assert.equal(refused.statusCode, 503, refused.body);
      assert.equal(refused.json().code, 'QUEUE_UNAVAILABLE');
      const limited = await answered(app, { url: '/api/v1/util/uuid', remoteAddress: '10.0.0.4' });
      assert.equal(limited.statusCode, 200);
      assert.equal(limited.headers['x-ratelimit-scope'], 'local');
    } finally {
      redis!.resume();
    }
    await eventually('/readyz answers 200', async () => (await app.inject('/readyz')).statusCode === 200);
  });

  test('an instance starts while Redis is down (not ready) and becomes ready when it returns', async () => {
    await redis!.stop();
    const started = performance.now();
    const late = await buildTestApp({ redisUrl: redis!.url, downloadWorkers: 1 });
    assert.ok(performance.now() - started < 30_000, 'it started');
    const lateEngine = await withEngine(late);
    const ready = await answered(late, '/readyz');
    assert.equal(ready.statusCode, 503);
    assert.equal(ready.json().checks.redis, 'down');
    assert.equal((await answered(late, '/healthz')).statusCode, 200);
    assert.equal((await submit(late, 'https://youtu.be/latestart01')).statusCode, 503);

    await redis!.start();
    await eventually('/readyz answers 200', async () => (await late.inject('/readyz')).statusCode === 200);
    let accepted = await submit(late, 'https://youtu.be/latestart01');
    await eventually('the queue takes downloads', async () => {
      if (accepted.statusCode !== 202) accepted = await submit(late, 'https://youtu.be/latestart01');
      return accepted.statusCode === 202;
    });
    await lateEngine.whenStarted('https://youtu.be/latestart01');
    lateEngine.release('https://youtu.be/latestart01');
    const { id } = accepted.json();
    await eventually(
      'the download is done',
      async () => (await late.inject(`/api/v1/jobs/${id}`)).json().status === 'done',
    );
  });

  test('an instance shuts down promptly while Redis is down, a download still running', async () => {
    const closing = await buildTestApp({ redisUrl: redis!.url, downloadWorkers: 1 });
    const closingEngine = await withEngine(closing);
    const accepted = await submit(closing, 'https://youtu.be/shutdown001');
    assert.equal(accepted.statusCode, 202);
    await closingEngine.whenStarted('https://youtu.be/shutdown001');
    await redis!.stop();
    await eventually(
      'the outage is noticed',
      async () => (await closing.inject('/readyz')).statusCode === 503,
    );
    const started = performance.now();
    await closing.close();
    assert.ok(performance.now() - started < NO_STALL_MS, 'closed without waiting for Redis');
    assert.deepEqual(closingEngine.aborted, ['https://youtu.be/shutdown001']);
    await redis!.start();
  });
});
