import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { DEFAULT_SETTINGS, DownloaderService } from '../../src/downloader/downloader-service.js';
import type { Engine } from '../../src/downloader/engine.js';
import type { JobRequest } from '../../src/downloader/job.js';
import type { Platform } from '../../src/downloader/platforms.js';
import { PLATFORMS } from '../../src/downloader/platforms.js';
import { MemoryQueue } from '../../src/downloader/queue/memory-queue.js';
import { ResultsStore } from '../../src/downloader/results-store.js';
import { MemoryJobStore } from '../../src/downloader/store/memory-job-store.js';
import { SteeredEngine, settled } from './fake-engine.js';

const silent = { warn: () => undefined, error: () => undefined };
const request = (url: string): JobRequest => ({
  platform: 'youtube',
  url,
  mode: 'auto',
  quality: 'max',
  audioBitrate: 192,
  audioFormat: 'mp3',
});

async function downloader(engine: Engine, workers = 2) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kizuna-dl-service-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const store = new MemoryJobStore();
  const service = new DownloaderService(
    store,
    new MemoryQueue(workers),
    new ResultsStore(dataDir),
    Object.fromEntries(PLATFORMS.map((p) => [p, engine])) as Record<Platform, Engine>,
    {
      ...DEFAULT_SETTINGS,
      limits: { ...DEFAULT_SETTINGS.limits },
      progressIntervalMs: 0,
      retentionSeconds: 60,
    },
    silent,
  );
  await service.start();
  after(() => service.close());
  return { service, store };
}

describe('DownloaderService', () => {
  test('runs no more jobs at once than it has workers, in order of arrival', async () => {
    const engine = new SteeredEngine();
    const { service } = await downloader(engine, 2);
    const urls = ['https://youtu.be/1', 'https://youtu.be/2', 'https://youtu.be/3'];
    const ids = [];
    for (const url of urls) ids.push((await service.submit(request(url), `10.0.0.${ids.length}`)).job.id);
    await engine.whenStarted(urls[0]);
    await engine.whenStarted(urls[1]);
    // Both workers pick up at once, so which of the two reaches the engine first is up to the
    // event loop; arrival order shows in which jobs are taken and which one waits.
    assert.deepEqual([...engine.started].sort(), urls.slice(0, 2));
    assert.equal((await service.view(ids[2]))?.position, 1);
    engine.release(urls[0]);
    await engine.whenStarted(urls[2]);
    engine.release(urls[1]);
    engine.release(urls[2]);
    for (const id of ids) assert.equal((await settled(service, id)).type, 'done');
  });

  test('shutting down cancels running jobs and removes their files', async () => {
    const engine = new SteeredEngine();
    const { service, store } = await downloader(engine);
    const { job } = await service.submit(request('https://youtu.be/x'), '10.0.0.1');
    await engine.whenStarted('https://youtu.be/x');
    assert.ok(existsSync(service.results.dirOf(job.id)));
    await service.close();
    const record = await store.get(job.id);
    assert.equal(record?.state, 'failed');
    assert.equal(record?.error?.code, 'CANCELLED');
    assert.equal(existsSync(service.results.dirOf(job.id)), false);
  });

  test('an engine that leaves nothing fails with NO_MEDIA', async () => {
    const { service } = await downloader({ run: async () => undefined });
    const { job } = await service.submit(request('https://youtu.be/empty'), '10.0.0.1');
    const end = await settled(service, job.id);
    assert.equal(end.type, 'error');
    assert.equal(end.type === 'error' && end.code, 'NO_MEDIA');
  });

  test('an engine that throws something unexpected fails without telling internals', async () => {
    const { service } = await downloader({
      run: async () => {
        throw new Error('ENOSPC at /var/lib/kizuna/secret');
      },
    });
    const { job } = await service.submit(request('https://youtu.be/boom'), '10.0.0.1');
    const end = await settled(service, job.id);
    assert.deepEqual(end, {
      type: 'error',
      id: job.id,
      code: 'DOWNLOAD_FAILED',
      message: 'The download failed.',
    });
  });

  test('the sweep expires finished jobs after the retention time and clears orphaned directories', async () => {
    const engine = new SteeredEngine();
    const { service, store } = await downloader(engine);
    const { job } = await service.submit(request('https://youtu.be/keep'), '10.0.0.1');
    await engine.whenStarted('https://youtu.be/keep');
    engine.release('https://youtu.be/keep');
    await settled(service, job.id);

    const orphan = service.results.dirOf('orphan');
    mkdirSync(orphan, { recursive: true });
    writeFileSync(join(orphan, 'left.mp4'), 'x');
    const old = new Date(Date.now() - 3600_000);
    utimesSync(orphan, old, old);

    assert.equal(await service.sweep(), 1, 'only the old orphan goes now');
    assert.equal(existsSync(orphan), false);
    assert.equal((await store.get(job.id))?.state, 'done');

    const later = Date.now() + 61_000;
    assert.equal(await service.sweep(later), 1);
    const expired = await store.get(job.id);
    assert.equal(expired?.state, 'expired');
    assert.deepEqual(expired?.files, []);
    assert.equal(existsSync(service.results.dirOf(job.id)), false);

    await service.sweep(later + 61_000);
    assert.equal(await store.get(job.id), null, 'the record is forgotten one retention period later');
  });
});
