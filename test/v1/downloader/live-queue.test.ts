import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { downloaderFor } from '../../../src/downloader/downloader-for.js';
import { connect, SteeredEngine } from '../../downloader/fake-engine.js';
import { buildTestApp, SOURCES_ONLY } from '../../helpers/test-app.js';

async function appWithEngine(overrides = {}): Promise<{ app: FastifyInstance; engine: SteeredEngine }> {
  const app = await buildTestApp(overrides);
  const service = await downloaderFor(app);
  const engine = new SteeredEngine();
  for (const platform of Object.keys(service.engines) as Array<keyof typeof service.engines>) {
    service.engines[platform] = engine;
  }
  service.settings.progressIntervalMs = 0;
  return { app, engine };
}

async function submit(app: FastifyInstance, url: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/d/youtube', payload: { url } });
  assert.equal(res.statusCode, 202, res.body);
  return res.json().id;
}

const types = (messages: Array<Record<string, unknown>>) => messages.map((m) => m.type);

describe('live queue over WebSocket', () => {
  test('success: progress while running, then done with absolute file URLs, then a normal close', async () => {
    const { app, engine } = await appWithEngine();
    const url = 'https://youtu.be/aaaaaaaaaaa';
    const id = await submit(app, url);
    await engine.whenStarted(url);
    const talk = await connect(app, `/api/v1/ws/${id}`);
    await talk.received(1);
    assert.deepEqual(talk.messages[0], { type: 'progress', id, percent: 40, speed: 1000, eta: 3 });
    engine.release(url);
    const closed = await talk.closed;
    assert.equal(closed.code, 1000);
    const done = talk.messages.at(-1)!;
    assert.equal(done.type, 'done');
    const files = done.files as Array<Record<string, unknown>>;
    assert.equal(files.length, 1);
    assert.equal(files[0].name, 'Clip [abc].mp4');
    assert.equal(files[0].mime, 'video/mp4');
    assert.equal(typeof files[0].size, 'number');
    assert.match(
      String(files[0].url),
      new RegExp(`^http://127\\.0\\.0\\.1:\\d+/api/v1/jobs/${id}/files/Clip%20%5Babc%5D\\.mp4$`),
    );
    const download = await fetch(String(files[0].url));
    assert.equal(download.status, 200);
    assert.equal((await download.arrayBuffer()).byteLength, files[0].size);
    assert.ok(types(talk.messages).every((t) => t === 'progress' || t === 'done'));
  });

  test('a waiting job hears its position, then moves up and runs', async () => {
    const { app, engine } = await appWithEngine({ downloadWorkers: 1 });
    const first = 'https://youtu.be/aaaaaaaaaaa';
    const second = 'https://youtu.be/bbbbbbbbbbb';
    await submit(app, first);
    await engine.whenStarted(first);
    const id = await submit(app, second);
    const talk = await connect(app, `/ws/${id}`);
    await talk.received(1);
    assert.deepEqual(talk.messages[0], { type: 'queued', id, position: 1 });
    engine.release(first);
    await engine.whenStarted(second);
    engine.release(second);
    assert.equal((await talk.closed).code, 1000);
    assert.deepEqual(types(talk.messages)[0], 'queued');
    assert.ok(types(talk.messages).includes('progress'));
    assert.equal(types(talk.messages).at(-1), 'done');
  });

  test('failure: an error message with its code, then the socket closes', {
    skip: SOURCES_ONLY,
  }, async () => {
    const { app, engine } = await appWithEngine();
    const url = 'https://youtu.be/ccccccccccc';
    const id = await submit(app, url);
    await engine.whenStarted(url);
    const talk = await connect(app, `/api/v1/ws/${id}`);
    await talk.received(1);
    engine.release(url, 'fail');
    const closed = await talk.closed;
    assert.equal(closed.code, 1000);
    assert.deepEqual(talk.messages.at(-1), {
      type: 'error',
      id,
      code: 'NOT_FOUND_AT_SOURCE',
      message: 'Nothing could be found at that link.',
    });
  });

  test('a late joiner gets the final state at once', async () => {
    const { app, engine } = await appWithEngine();
    const url = 'https://youtu.be/ddddddddddd';
    const id = await submit(app, url);
    await engine.whenStarted(url);
    const first = await connect(app, `/api/v1/ws/${id}`);
    engine.release(url);
    await first.closed;
    const late = await connect(app, `/ws/${id}`);
    assert.equal((await late.closed).code, 1000);
    assert.equal(late.messages.length, 1);
    assert.equal(late.messages[0].type, 'done');
    assert.deepEqual(late.messages[0], first.messages.at(-1));
  });

  test('a late joiner never hears progress older than the state it was sent first', async () => {
    const { app, engine } = await appWithEngine();
    const url = 'https://youtu.be/lllllllllll';
    const id = await submit(app, url);
    await engine.whenStarted(url);
    const service = await downloaderFor(app);
    // The race as Redis can deliver it: a progress message published before the newcomer read the
    // record (40 %) reaches it only after that read. It is stale, and must not be passed on.
    const readCurrent = service.currentEvent.bind(service);
    service.currentEvent = async (jobId) => {
      // Over Redis the messages come back through the subscription: wait until they are heard here.
      let heard = 0;
      const bothHeard = new Promise<void>((resolve) => {
        const stop = service.watch(jobId, (m) => {
          if (m.kind === 'job' && m.event.type === 'progress' && ++heard === 2) {
            stop();
            resolve();
          }
        });
      });
      await service.store.publish({
        kind: 'job',
        event: { type: 'progress', id: jobId, percent: 30, speed: 900, eta: 4 },
      });
      await service.store.publish({
        kind: 'job',
        event: { type: 'progress', id: jobId, percent: 40, speed: 1000, eta: 3 },
      });
      await bothHeard;
      return readCurrent(jobId);
    };
    const talk = await connect(app, `/api/v1/ws/${id}`);
    await talk.received(1);
    service.currentEvent = readCurrent;
    engine.release(url);
    assert.equal((await talk.closed).code, 1000);
    assert.deepEqual(talk.messages[0], { type: 'progress', id, percent: 40, speed: 1000, eta: 3 });
    assert.deepEqual(types(talk.messages), ['progress', 'done'], JSON.stringify(talk.messages));
  });

  test('an expired job tells a newcomer EXPIRED', async () => {
    const { app, engine } = await appWithEngine();
    const url = 'https://youtu.be/eeeeeeeeeee';
    const id = await submit(app, url);
    await engine.whenStarted(url);
    const first = await connect(app, `/api/v1/ws/${id}`);
    engine.release(url);
    await first.closed;
    const service = await downloaderFor(app);
    assert.equal(await service.sweep(Date.now() + (app.config.downloadRetentionSeconds + 1) * 1000), 1);
    const late = await connect(app, `/api/v1/ws/${id}`);
    await late.closed;
    assert.equal(late.messages[0].type, 'error');
    assert.equal(late.messages[0].code, 'EXPIRED');
  });

  test('cancelling a running job: the error CANCELLED, then the socket closes', async () => {
    const { app, engine } = await appWithEngine();
    const url = 'https://youtu.be/fffffffffff';
    const id = await submit(app, url);
    await engine.whenStarted(url);
    const talk = await connect(app, `/api/v1/ws/${id}`);
    await talk.received(1);
    assert.equal(talk.messages[0].type, 'progress');
    const res = await app.inject({ method: 'DELETE', url: `/api/v1/jobs/${id}` });
    assert.equal(res.statusCode, 200, res.body);
    const closed = await talk.closed;
    assert.equal(closed.code, 1000);
    assert.deepEqual(talk.messages.at(-1), {
      type: 'error',
      id,
      code: 'CANCELLED',
      message: 'The download was cancelled.',
    });
    assert.deepEqual(engine.aborted, [url]);
  });

  test('cancelling a queued job: it hears CANCELLED and closes; the job behind it hears its new place', async () => {
    const { app, engine } = await appWithEngine({ downloadWorkers: 1 });
    const [first, second, third] = [
      'https://youtu.be/ggggggggggg',
      'https://youtu.be/hhhhhhhhhhh',
      'https://youtu.be/iiiiiiiiiii',
    ];
    await submit(app, first);
    await engine.whenStarted(first);
    const cancelled = await submit(app, second);
    const behind = await submit(app, third);
    const talk = await connect(app, `/ws/${cancelled}`);
    const next = await connect(app, `/api/v1/ws/${behind}`);
    await talk.received(1);
    await next.received(1);
    assert.deepEqual(talk.messages[0], { type: 'queued', id: cancelled, position: 1 });
    assert.deepEqual(next.messages[0], { type: 'queued', id: behind, position: 2 });

    assert.equal((await app.inject({ method: 'DELETE', url: `/api/v1/jobs/${cancelled}` })).statusCode, 200);
    assert.equal((await talk.closed).code, 1000);
    assert.deepEqual(talk.messages.slice(1), [
      { type: 'error', id: cancelled, code: 'CANCELLED', message: 'The download was cancelled.' },
    ]);
    await next.received(2);
    assert.deepEqual(next.messages[1], { type: 'queued', id: behind, position: 1 });

    engine.release(first);
    await engine.whenStarted(third);
    engine.release(third);
    assert.equal((await next.closed).code, 1000);
    assert.equal(types(next.messages).at(-1), 'done');
    assert.deepEqual(engine.started, [first, third]);
  });

  test('an unknown id closes with 4404 and a reason', async () => {
    const { app } = await appWithEngine();
    for (const path of ['/api/v1/ws/no-such-job', '/ws/no-such-job']) {
      const talk = await connect(app, path);
      const closed = await talk.closed;
      assert.equal(closed.code, 4404);
      assert.equal(closed.reason, 'No download with that id.');
      assert.deepEqual(talk.messages, []);
    }
  });

  for (const path of ['/api/v1/ws/no-such-job', '/ws/no-such-job']) {
    test(`opening a live queue at ${path} shares the v1 rate limit with the HTTP calls`, async () => {
      const { app } = await appWithEngine({ rateLimitPerMinute: 2 });
      assert.equal(
        (await app.inject({ url: '/api/v1/endpoints', remoteAddress: '127.0.0.1' })).statusCode,
        200,
      );
      assert.equal((await (await connect(app, path)).closed).code, 4404);
      const refused = await connect(app, path);
      const status = await new Promise<number>((resolve) => {
        refused.socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        refused.socket.on('upgrade', (response) => resolve(response.statusCode ?? 0));
      });
      assert.equal(status, 429);
    });
  }

  test('an upgrade request to any other route does not keep its socket open', {
    timeout: 10_000,
  }, async () => {
    const { app } = await appWithEngine();
    for (const path of ['/healthz', '/api/v1/endpoints', '/api/auth/me', '/no-such-route']) {
      const talk = await connect(app, path);
      talk.socket.on('error', () => undefined); // a refused upgrade is an error to the client
      await talk.closed;
      assert.deepEqual(talk.messages, [], path);
    }
  });
});
