import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { downloaderFor } from '../../src/downloader/downloader-for.js';
import { connect, SteeredEngine } from '../downloader/fake-engine.js';
import { Browser } from '../helpers/browser.js';
import { createTestResources, type TestResources, testConfig } from '../helpers/test-app.js';

const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

async function withEngine(app: FastifyInstance): Promise<SteeredEngine> {
  const service = await downloaderFor(app);
  const engine = new SteeredEngine();
  for (const platform of Object.keys(service.engines) as Array<keyof typeof service.engines>) {
    service.engines[platform] = engine;
  }
  service.settings.progressIntervalMs = 0;
  return engine;
}

describe('two instances of one deployment: one PostgreSQL database, one Redis, one DATA_DIR', {
  skip: !shared && 'needs TEST_DATABASE_URL and TEST_REDIS_URL',
}, () => {
  let resources: TestResources;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let engines: SteeredEngine[];

  before(async () => {
    resources = await createTestResources();
    // Sessions are reused for a minute: only an invalidation can end one sooner.
    const config = { ...testConfig(resources), downloadWorkers: 1, sessionCacheMs: 60_000 };
    [a, b] = await Promise.all([buildApp(config, { logger: false }), buildApp(config, { logger: false })]);
    engines = [await withEngine(a), await withEngine(b)];
  });

  after(async () => {
    await a?.close();
    await b?.close();
    await resources?.release();
  });

  test('a download submitted on A is watched on B to its end, and its file is served by B', async () => {
    const url = 'https://youtu.be/twoinstanc1';
    const res = await a.inject({ method: 'POST', url: '/api/v1/d/youtube', payload: { url } });
    assert.equal(res.statusCode, 202);
    const { id } = res.json();
    const watcher = await connect(b, `/api/v1/ws/${id}`);
    await watcher.received(1);
    let runner: SteeredEngine | undefined;
    while (!runner) {
      runner = engines.find((engine) => engine.started.includes(url));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await runner.whenStarted(url);
    runner.release(url);
    assert.equal((await watcher.closed).code, 1000);
    const done = watcher.messages.at(-1) as { type: string; files: Array<{ url: string }> };
    assert.equal(done.type, 'done');
    const file = await b.inject(new URL(done.files[0].url).pathname);
    assert.equal(file.statusCode, 200);
  });

  test('an account made on A logs in on B, and the session works on both', async () => {
    const browser = new Browser(a);
    const registered = await browser.post('/api/auth/register', {
      username: 'roamer',
      email: 'roamer@example.org',
      password: 'roamer-password-1',
    });
    assert.equal(registered.statusCode, 201);
    const onB = new Browser(b);
    await onB.login('roamer', 'roamer-password-1');
    const onA = new Browser(a);
    for (const [name, value] of onB.cookies) onA.cookies.set(name, value);
    assert.equal((await onA.get('/api/auth/me')).json().loggedIn, true);
  });

  test('a logout on A ends the session on B at once, though B had it cached', async () => {
    const onA = new Browser(a);
    const registered = await onA.post('/api/auth/register', {
      username: 'leaver',
      email: 'leaver@example.org',
      password: 'leaver-password-1',
    });
    assert.equal(registered.statusCode, 201);
    await onA.login('leaver', 'leaver-password-1');
    const onB = new Browser(b);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    assert.equal((await onB.get('/api/auth/me')).json().loggedIn, true);
    assert.equal((await onA.post('/api/auth/logout')).statusCode, 204);
    // Pub/sub delivery is asynchronous: B hears of it on a later turn of its event loop, which a
    // client's next request over a network comes after; here, asked again for a moment.
    let loggedIn = true;
    for (let attempt = 0; attempt < 100 && loggedIn; attempt++) {
      loggedIn = (await onB.get('/api/auth/me')).json().loggedIn;
      if (loggedIn) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(loggedIn, false);
  });
});
