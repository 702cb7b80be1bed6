import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { downloaderFor } from '../../src/downloader/downloader-for.js';
import { connect, SteeredEngine } from '../downloader/fake-engine.js';
import { hasRedisServer, OwnRedis } from '../helpers/redis-server.js';
import { type Fixture, spawnFixture } from '../helpers/spawn-fixture.js';
import { buildTestApp } from '../helpers/test-app.js';

const INSTANCE = new URL('./fixtures/instance.ts', import.meta.url);

async function withEngine(app: FastifyInstance): Promise<SteeredEngine> {
  const service = await downloaderFor(app);
  const engine = new SteeredEngine();
  for (const platform of Object.keys(service.engines) as Array<keyof typeof service.engines>) {
    service.engines[platform] = engine;
  }
  service.settings.progressIntervalMs = 0;
  return engine;
}

let redis: OwnRedis | undefined;
let doomed: Fixture | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'kizuna-lost-'));
// After the test helper's hook has closed the surviving instance.
after(async () => {
  await doomed?.stop();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a download whose instance dies mid-run', {
  skip: !hasRedisServer && 'needs redis-server on the PATH (the test starts its own)',
}, () => {
  test('is taken over by a surviving instance, whose watchers see it start again and finish', {
    timeout: 120_000,
  }, async () => {
    redis = await OwnRedis.start();
    const prefix = `kizuna-test:lost:${process.pid}:`;
    // Instance A in a process of its own, so that it can die as a crash does (SIGKILL): its
    // downloads hang at 40 %. A short stall time, so that the test need not wait half a minute.
    doomed = spawnFixture(INSTANCE, {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: redis.url,
      REDIS_PREFIX: prefix,
      SESSION_SECRET: 'lost-instance-test-secret'.padEnd(40, 'x'),
      ADMIN_USERNAME: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      DEMO_CONTENT: 'false',
      DOWNLOAD_WORKERS: '1',
      DOWNLOAD_STALL_SECONDS: '2',
      HANG_DOWNLOADS: '1',
    });
    await doomed.said('loaded');
    doomed.go();
    const base = (await doomed.said('listening')).listening;
    const url = 'https://youtu.be/lostrun0001';
    const res = await fetch(`${base}/api/v1/d/youtube`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    assert.equal(res.status, 202);
    const { id } = await res.json();
    await doomed.said('started');

    // Instance B joins the same queue only now, so that A is the one that took the job.
    const survivor = await buildTestApp({
      redisUrl: redis.url,
      redisPrefix: prefix,
      downloadWorkers: 1,
      downloadStallSeconds: 2,
    });
    const engine = await withEngine(survivor);
    const watcher = await connect(survivor, `/api/v1/ws/${id}`);
    await watcher.received(1);
    assert.deepEqual(watcher.messages[0], { type: 'progress', id, percent: 40, speed: 1000, eta: 3 });

    doomed.child.kill('SIGKILL');
    await engine.whenStarted(url);
    engine.release(url);
    assert.equal((await watcher.closed).code, 1000);

    const types = watcher.messages.map((message) => message.type);
    assert.equal(types.at(-1), 'done', types.join());
    const requeued = types.indexOf('queued');
    assert.ok(requeued > 0, `the watcher saw the job go back to the queue: ${types.join()}`);
    assert.equal(types[requeued + 1], 'progress', 'and start again');
    const job = (await survivor.inject(`/api/v1/jobs/${id}`)).json();
    assert.equal(job.status, 'done');
    assert.equal(job.files.length, 1);
  });
});
