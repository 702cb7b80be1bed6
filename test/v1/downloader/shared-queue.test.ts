import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { downloaderFor } from '../../../src/downloader/downloader-for.js';
import { newJobRecord } from '../../../src/downloader/job.js';
import { connect, SteeredEngine, settled } from '../../downloader/fake-engine.js';
import { buildTestApp } from '../../helpers/test-app.js';

async function withEngine(app: FastifyInstance): Promise<SteeredEngine> {
  const service = await downloaderFor(app);
  const engine = new SteeredEngine();
  for (const platform of Object.keys(service.engines) as Array<keyof typeof service.engines>) {
    service.engines[platform] = engine;
  }
  service.settings.progressIntervalMs = 0;
  return engine;
}

/** Resolves with the engine that picked the job up, on whichever instance that was. */
async function runner(engines: SteeredEngine[], url: string): Promise<SteeredEngine> {
  for (;;) {
    const engine = engines.find((e) => e.started.includes(url));
    if (engine) {
      await engine.whenStarted(url);
      return engine;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('two instances on one Redis', {
  skip: !process.env.TEST_REDIS_URL && 'needs TEST_REDIS_URL',
}, () => {
  test('a job posted to one instance is seen, live and by status, on the other', async () => {
    const a = await buildTestApp({ downloadWorkers: 1 });
    const b = await buildTestApp({ downloadWorkers: 1, redisPrefix: a.config.redisPrefix });
    const engines = [await withEngine(a), await withEngine(b)];

    const url = 'https://youtu.be/aaaaaaaaaaa';
    const res = await a.inject({ method: 'POST', url: '/api/v1/d/youtube', payload: { url } });
    assert.equal(res.statusCode, 202);
    const { id } = res.json();
    const engine = await runner(engines, url);

    const status = await b.inject(`/api/v1/jobs/${id}`);
    assert.equal(status.statusCode, 200);
    assert.equal(status.json().status, 'running');

    const talk = await connect(b, `/api/v1/ws/${id}`);
    await talk.received(1);
    assert.equal(talk.messages[0].type, 'progress');
    engine.release(url);
    assert.equal((await talk.closed).code, 1000);
    assert.equal(talk.messages.at(-1)?.type, 'done');
    assert.equal((await a.inject(`/api/v1/jobs/${id}`)).json().status, 'done');
  });

  test('the waiting line and the per-client limit are shared', async () => {
    const a = await buildTestApp({ downloadWorkers: 1 });
    const b = await buildTestApp({ downloadWorkers: 1, redisPrefix: a.config.redisPrefix });
    const engines = [await withEngine(a), await withEngine(b)];
    (await downloaderFor(a)).settings.maxActivePerClient = 3;
    (await downloaderFor(b)).settings.maxActivePerClient = 3;

    const urls = ['https://youtu.be/bbbbbbbbbbb', 'https://youtu.be/ccccccccccc'];
    for (const [app, url] of [
      [a, urls[0]],
      [b, urls[1]],
    ] as const) {
      assert.equal(
        (await app.inject({ method: 'POST', url: '/api/v1/d/youtube', payload: { url } })).statusCode,
        202,
      );
    }
    const running = await Promise.all(urls.map((url) => runner(engines, url)));
    // Both workers are busy: the third waits first in line, and the client's budget is spent on either instance.
    const third = await a.inject({
      method: 'POST',
      url: '/api/v1/d/youtube',
      payload: { url: 'https://youtu.be/ddddddddddd' },
    });
    assert.equal(third.statusCode, 202);
    assert.equal(third.json().position, 1);
    const talk = await connect(b, `/ws/${third.json().id}`);
    await talk.received(1);
    assert.deepEqual(talk.messages[0], { type: 'queued', id: third.json().id, position: 1 });
    const refused = await b.inject({
      method: 'POST',
      url: '/api/v1/d/youtube',
      payload: { url: 'https://youtu.be/eeeeeeeeeee' },
    });
    assert.equal(refused.statusCode, 429);

    running[0].release(urls[0]);
    running[1].release(urls[1]);
    const last = await runner(engines, 'https://youtu.be/ddddddddddd');
    last.release('https://youtu.be/ddddddddddd');
    assert.equal((await talk.closed).code, 1000);
    assert.equal(talk.messages.at(-1)?.type, 'done');
  });

  test('ten submissions at once from one client over two instances: exactly the limit gets in', async () => {
    const a = await buildTestApp({ downloadWorkers: 1 });
    const b = await buildTestApp({ downloadWorkers: 1, redisPrefix: a.config.redisPrefix });
    await withEngine(a);
    await withEngine(b);
    const service = await downloaderFor(a);
    assert.equal(service.settings.maxActivePerClient, 3);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? a : b).inject({
          method: 'POST',
          url: '/api/v1/d/youtube',
          payload: { url: `https://youtu.be/concurrent${i}` },
          remoteAddress: '10.0.0.77',
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    assert.equal(statuses.filter((s) => s === 202).length, 3, statuses.join());
    assert.equal(statuses.filter((s) => s === 429).length, 7, statuses.join());
    const accepted = answers.filter((res) => res.statusCode === 202).map((res) => res.json().id as string);
    const client = (await service.store.get(accepted[0]))!.client;
    assert.equal(await service.store.activeCount(client), 3, 'only the accepted jobs count');
  });

  test('a job running on one instance is cancelled by a DELETE that reaches the other', async () => {
    const a = await buildTestApp({ downloadWorkers: 1 });
    const b = await buildTestApp({ downloadWorkers: 1, redisPrefix: a.config.redisPrefix });
    const apps = [a, b];
    const engines = [await withEngine(a), await withEngine(b)];

    const url = 'https://youtu.be/fffffffffff';
    const { id } = (await a.inject({ method: 'POST', url: '/api/v1/d/youtube', payload: { url } })).json();
    const engine = await runner(engines, url);
    const owner = apps[engines.indexOf(engine)];
    const other = apps[1 - engines.indexOf(engine)];
    const ownerService = await downloaderFor(owner);
    assert.ok(existsSync(ownerService.results.dirOf(id)), 'the owner was writing');
    const talk = await connect(other, `/api/v1/ws/${id}`);
    await talk.received(1);

    const res = await other.inject({ method: 'DELETE', url: `/api/v1/jobs/${id}` });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().status, 'failed');
    assert.equal(res.json().error.code, 'CANCELLED');
    assert.deepEqual(engine.aborted, [url], 'the engine on the owning instance was stopped');
    assert.equal(existsSync(ownerService.results.dirOf(id)), false);
    assert.equal((await talk.closed).code, 1000);
    assert.deepEqual(talk.messages.at(-1), {
      type: 'error',
      id,
      code: 'CANCELLED',
      message: 'The download was cancelled.',
    });
    for (const app of apps)
      assert.equal((await app.inject(`/api/v1/jobs/${id}`)).json().error.code, 'CANCELLED');
    assert.equal((await owner.inject({ method: 'DELETE', url: `/api/v1/jobs/${id}` })).statusCode, 409);
  });

  test('a queued job cancelled on the other instance leaves the shared queue and never runs; the line moves up', async (t) => {
    const a = await buildTestApp({ downloadWorkers: 1 });
    const b = await buildTestApp({ downloadWorkers: 1, redisPrefix: a.config.redisPrefix });
    const engines = [await withEngine(a), await withEngine(b)];
    for (const app of [a, b]) (await downloaderFor(app)).settings.maxActivePerClient = 10;
    const submit = async (app: FastifyInstance, url: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/v1/d/youtube', payload: { url } });
      assert.equal(res.statusCode, 202, res.body);
      return res.json() as { id: string; position: number | null };
    };

    const busy = ['https://youtu.be/ggggggggggg', 'https://youtu.be/hhhhhhhhhhh'];
    await submit(a, busy[0]);
    await submit(b, busy[1]);
    const running = await Promise.all(busy.map((url) => runner(engines, url)));
    const cancelled = await submit(a, 'https://youtu.be/iiiiiiiiiii');
    const behind = await submit(a, 'https://youtu.be/jjjjjjjjjjj');
    assert.equal(cancelled.position, 1);
    assert.equal(behind.position, 2);
    const talk = await connect(a, `/ws/${behind.id}`);
    await talk.received(1);

    const redis = new Redis(process.env.TEST_REDIS_URL ?? '');
    t.after(() => redis.quit());
    const bullJob = `${a.config.redisPrefix}bull:downloads:${cancelled.id}`;
    assert.equal(await redis.exists(bullJob), 1, 'waiting in the BullMQ queue');
    const res = await b.inject({ method: 'DELETE', url: `/api/v1/jobs/${cancelled.id}` });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().error.code, 'CANCELLED');
    assert.equal(res.json().startedAt, null);
    assert.equal(await redis.exists(bullJob), 0, 'removed from the BullMQ queue');
    await talk.received(2);
    assert.deepEqual(talk.messages[1], { type: 'queued', id: behind.id, position: 1 });
    assert.equal((await b.inject(`/api/v1/jobs/${behind.id}`)).json().position, 1);

    running[0].release(busy[0]);
    running[1].release(busy[1]);
    const last = await runner(engines, 'https://youtu.be/jjjjjjjjjjj');
    last.release('https://youtu.be/jjjjjjjjjjj');
    assert.equal((await talk.closed).code, 1000);
    assert.equal(talk.messages.at(-1)?.type, 'done');
    assert.ok(
      engines.every((e) => !e.started.includes('https://youtu.be/iiiiiiiiiii')),
      'the cancelled job never reached an engine',
    );
    assert.equal((await a.inject(`/api/v1/jobs/${cancelled.id}`)).json().status, 'failed');
  });

  test('a running job whose instance is gone is cancelled after a wait, from the instance asked', async () => {
    const a = await buildTestApp({ downloadWorkers: 1 });
    await withEngine(a);
    const service = await downloaderFor(a);
    service.settings.cancelWaitMs = 200;
    // A record as an instance that died mid-download leaves it: running, on nobody's worker.
    const now = new Date().toISOString();
    const orphan = newJobRecord(
      {
        platform: 'youtube',
        url: 'https://youtu.be/kkkkkkkkkkk',
        mode: 'auto',
        quality: 'max',
        audioBitrate: 192,
        audioFormat: 'mp3',
      },
      'gone-client',
      'orphanedJobOfAGoneInstance',
    );
    await service.store.create(orphan);
    await service.store.leaveLine(orphan.id);
    assert.equal(await service.store.update({ ...orphan, state: 'running', startedAt: now }, 'queued'), true);
    mkdirSync(service.results.dirOf(orphan.id), { recursive: true });
    writeFileSync(join(service.results.dirOf(orphan.id), 'half.mp4.part'), 'x');
    const end = settled(service, orphan.id);

    const res = await a.inject({ method: 'DELETE', url: `/api/v1/jobs/${orphan.id}` });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().error.code, 'CANCELLED');
    assert.equal((await end).type, 'error');
    assert.equal(existsSync(service.results.dirOf(orphan.id)), false);
    assert.equal(await service.store.activeCount('gone-client'), 0);
    assert.equal(
      await service.store.update({ ...orphan, state: 'done' }, 'running'),
      false,
      'a late worker can no longer record it done',
    );
  });
});
