import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { downloaderFor } from '../../../src/downloader/downloader-for.js';
import { connect, SteeredEngine } from '../../downloader/fake-engine.js';
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
});
