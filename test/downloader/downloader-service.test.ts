import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import sharp from 'sharp';
import { DEFAULT_SETTINGS, DownloaderService } from '../../src/downloader/downloader-service.js';
import type { Engine } from '../../src/downloader/engine.js';
import { ThreadsEngine } from '../../src/downloader/engines/threads-engine.js';
import { type JobRecord, type JobRequest, newJobRecord } from '../../src/downloader/job.js';
import type { Platform } from '../../src/downloader/platforms.js';
import { PLATFORMS } from '../../src/downloader/platforms.js';
import { MemoryQueue } from '../../src/downloader/queue/memory-queue.js';
import { ResultsStore } from '../../src/downloader/results-store.js';
import { MemoryJobStore } from '../../src/downloader/store/memory-job-store.js';
import { openTestBlobs } from '../helpers/test-app.js';
import { SteeredEngine, settled } from './fake-engine.js';
import { fixture, fixtureServer } from './fixture-server.js';

const silent = { warn: () => undefined, error: () => undefined };
const request = (url: string): JobRequest => ({
  platform: 'youtube',
  url,
  mode: 'auto',
  quality: 'max',
  audioBitrate: 192,
  audioFormat: 'mp3',
});

async function downloader(engine: Engine, workers = 2, store = new MemoryJobStore()) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kizuna-dl-service-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const queue = new MemoryQueue(workers);
  const service = new DownloaderService(
    store,
    queue,
    new ResultsStore(openTestBlobs(dataDir), join(dataDir, 'tmp', 'downloads')),
    Object.fromEntries(PLATFORMS.map((p) => [p, engine])) as Record<Platform, Engine>,
    {
      ...DEFAULT_SETTINGS,
      limits: { ...DEFAULT_SETTINGS.limits },
      progressIntervalMs: 0,
      cancelWaitMs: 2_000,
      retentionSeconds: 60,
    },
    silent,
  );
  await service.start();
  after(() => service.close());
  return { service, store, queue };
}

/**
 * A job as an instance that died mid-download leaves it: recorded running (its `attempt`-th
 * start), out of the line, counted for its client; the shared queue hands it out again after the
 * stall, which `queue.add` stands in for here.
 */
async function orphaned(store: MemoryJobStore, url: string, attempt: number) {
  const job = newJobRecord(request(url), 'gone-client');
  await store.create(job);
  await store.leaveLine(job.id);
  const running: JobRecord = { ...job, state: 'running', startedAt: new Date().toISOString(), attempt };
  await store.update(running, 'queued');
  return running;
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
    assert.equal(await service.results.has(job.id), false);

    await service.sweep(later + 61_000);
    assert.equal(await store.get(job.id), null, 'the record is forgotten one retention period later');
  });
});

describe('DownloaderService.cancel', () => {
  test('a queued job leaves the line and the queue, never reaches the engine, and frees its client', async () => {
    const engine = new SteeredEngine();
    const { service, store } = await downloader(engine, 1);
    const [a, b, c] = ['https://youtu.be/a', 'https://youtu.be/b', 'https://youtu.be/c'];
    const first = (await service.submit(request(a), '10.0.0.1')).job;
    await engine.whenStarted(a);
    const second = (await service.submit(request(b), '10.0.0.2')).job;
    const third = (await service.submit(request(c), '10.0.0.3')).job;
    assert.equal((await service.view(third.id))?.position, 2);
    const heard: string[] = [];
    service.watch(second.id, (m) => m.kind === 'job' && heard.push(m.event.type));

    const result = await service.cancel(second.id);
    assert.equal(result.outcome, 'cancelled');
    assert.equal(result.outcome === 'cancelled' && result.view.position, null);
    const record = await store.get(second.id);
    assert.equal(record?.state, 'failed');
    assert.deepEqual(record?.error, { code: 'CANCELLED', message: 'The download was cancelled.' });
    assert.ok(record?.finishedAt);
    assert.equal(record?.startedAt, null);
    assert.deepEqual(heard, ['error']);
    assert.equal((await service.view(third.id))?.position, 1, 'the job behind moved up');
    assert.equal(await store.activeCount(second.client), 0);

    engine.release(a);
    await engine.whenStarted(c);
    engine.release(c);
    assert.equal((await settled(service, third.id)).type, 'done');
    assert.equal((await settled(service, first.id)).type, 'done');
    assert.deepEqual(engine.started, [a, c], 'the cancelled job never ran');
    assert.equal(existsSync(service.results.dirOf(second.id)), false);
  });

  test('a cancel that lands after a worker took the job but before it started wins: the engine never runs', async () => {
    // The worker reads the job as queued; the cancel lands between that read and its start.
    const engine = new SteeredEngine();
    const store = new (class extends MemoryJobStore {
      cancelBeforeStart: ((id: string) => Promise<unknown>) | null = null;
      override async update(job: JobRecord, whileIn: JobRecord['state']) {
        const cancel = whileIn === 'queued' && job.state === 'running' ? this.cancelBeforeStart : null;
        this.cancelBeforeStart = null;
        if (cancel) await cancel(job.id);
        return super.update(job, whileIn);
      }
    })();
    const { service } = await downloader(engine, 1, store);
    let cancelling: ReturnType<DownloaderService['cancel']> | undefined;
    const url = 'https://youtu.be/racing';
    store.cancelBeforeStart = (id) => {
      cancelling = service.cancel(id);
      return cancelling;
    };
    const { id } = (await service.submit(request(url), '10.0.0.1')).job;
    const end = await settled(service, id);
    assert.equal((await cancelling)?.outcome, 'cancelled');
    assert.equal(end.type === 'error' && end.code, 'CANCELLED');
    assert.deepEqual(engine.started, [], 'the start lost to the cancel');
    assert.equal((await store.get(id))?.startedAt, null);
  });

  test('a running job is aborted, its files removed, and it ends failed with CANCELLED', async () => {
    const engine = new SteeredEngine();
    const { service, store } = await downloader(engine);
    const url = 'https://youtu.be/running';
    const { job } = await service.submit(request(url), '10.0.0.1');
    await engine.whenStarted(url);
    assert.ok(existsSync(service.results.dirOf(job.id)), 'the engine was writing');
    const end = settled(service, job.id);

    const result = await service.cancel(job.id);
    assert.equal(result.outcome, 'cancelled');
    assert.deepEqual(engine.aborted, [url]);
    assert.equal(existsSync(service.results.dirOf(job.id)), false);
    const record = await store.get(job.id);
    assert.equal(record?.state, 'failed');
    assert.equal(record?.error?.code, 'CANCELLED');
    assert.deepEqual(record?.files, []);
    assert.deepEqual(await end, {
      type: 'error',
      id: job.id,
      code: 'CANCELLED',
      message: 'The download was cancelled.',
    });
    assert.equal(await store.activeCount(job.client), 0);
  });

  test('a cancel that comes while the results are being collected wins: no done, no files', async () => {
    const engine = new SteeredEngine();
    const { service, store } = await downloader(engine);
    const url = 'https://youtu.be/collecting';
    const { job } = await service.submit(request(url), '10.0.0.1');
    await engine.whenStarted(url);
    const collect = service.results.collect.bind(service.results);
    let cancelling: ReturnType<DownloaderService['cancel']> | undefined;
    service.results.collect = async (id, maxBytes) => {
      cancelling = service.cancel(id);
      // Let the cancel reach the worker before the files are listed.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return collect(id, maxBytes);
    };
    engine.release(url);
    const end = await settled(service, job.id);
    assert.equal((await cancelling)?.outcome, 'cancelled');
    assert.equal(end.type === 'error' && end.code, 'CANCELLED');
    assert.equal((await store.get(job.id))?.state, 'failed');
    assert.equal(existsSync(service.results.dirOf(job.id)), false);
  });

  test('a cancel that comes while the job is being recorded done is too late: done, files kept', async () => {
    const engine = new SteeredEngine();
    let cancelling: ReturnType<DownloaderService['cancel']> | undefined;
    let service!: DownloaderService;
    const store = new (class extends MemoryJobStore {
      override async update(job: JobRecord, whileIn: JobRecord['state']) {
        if (job.state === 'done' && !cancelling) {
          cancelling = service.cancel(job.id);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return super.update(job, whileIn);
      }
    })();
    ({ service } = await downloader(engine, 2, store));
    const url = 'https://youtu.be/finishing';
    const { job } = await service.submit(request(url), '10.0.0.1');
    await engine.whenStarted(url);
    engine.release(url);
    assert.equal((await settled(service, job.id)).type, 'done');
    const result = await cancelling;
    assert.equal(result?.outcome, 'ended');
    assert.equal(result?.outcome === 'ended' && result.view.job.state, 'done');
    assert.deepEqual(engine.aborted, []);
    assert.deepEqual(await service.results.names(job.id), ['Clip [abc].mp4']);
  });

  test('cancelling at the moment a job finishes always ends in one consistent state', async () => {
    const engine = new SteeredEngine();
    const { service, store } = await downloader(engine, 4);
    for (let i = 0; i < 8; i++) {
      const url = `https://youtu.be/race${i}`;
      const { job } = await service.submit(request(url), `10.0.1.${i}`);
      await engine.whenStarted(url);
      // Spread the cancel over the last milliseconds of the job: some land before it is done, some after.
      const delay = i;
      engine.release(url);
      await new Promise((resolve) => setTimeout(resolve, delay));
      const result = await service.cancel(job.id);
      await settled(service, job.id);
      const record = await store.get(job.id);
      const hasFiles = await service.results.has(job.id);
      if (result.outcome === 'cancelled') {
        assert.equal(record?.state, 'failed', url);
        assert.equal(record?.error?.code, 'CANCELLED', url);
        assert.equal(hasFiles, false, url);
      } else {
        assert.equal(result.outcome, 'ended', url);
        assert.equal(record?.state, 'done', url);
        assert.equal(hasFiles, true, url);
        assert.equal(record?.files.length, 1, url);
      }
    }
  });

  test('a job ended elsewhere while its worker finishes is not recorded done, and its files go', async () => {
    const engine = new SteeredEngine();
    const { service, store } = await downloader(engine);
    const url = 'https://youtu.be/taken';
    const { job } = await service.submit(request(url), '10.0.0.1');
    await engine.whenStarted(url);
    // What a cancel on another instance does when this one does not answer in time.
    const current = (await store.get(job.id))!;
    const ended = { ...current, state: 'failed' as const, error: { code: 'CANCELLED', message: 'x' } };
    assert.equal(await store.update(ended, 'running'), true);
    const heard: string[] = [];
    service.watch(job.id, (m) => m.kind === 'job' && heard.push(m.event.type));
    engine.release(url);
    while (await service.results.has(job.id)) await new Promise((resolve) => setTimeout(resolve, 10));
    await service.close();
    assert.equal((await store.get(job.id))?.state, 'failed');
    assert.deepEqual(heard, [], 'the worker announces nothing for a job it no longer owns');
  });

  test('cancelling a Threads job whose media is still arriving aborts the fetch itself and leaves no files', async () => {
    const post = 'https://www.threads.net/@someone/post/C1a2B3c4D5e';
    const image = 'https://scontent.cdninstagram.com/v/t51/a-1080.jpg';
    const slowVideo = 'https://scontent.cdninstagram.com/o1/v/t16/b-720.mp4';
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const server = await fixtureServer({
      [post]: { body: fixture('threads-post.html') },
      [image]: { body: jpeg, type: 'image/jpeg' },
      [slowVideo]: { stall: Buffer.from('000000186674797069736f6d', 'hex'), type: 'video/mp4' },
    });
    const { service, store } = await downloader(new ThreadsEngine(server.fetcher));
    // Were the fetch left running, the cancel would end the job only after this wait, from outside.
    service.settings.cancelWaitMs = 5_000;
    const { job } = await service.submit({ ...request(post), platform: 'threads' }, '10.0.0.1');
    await server.whenRequested(slowVideo);

    const result = await service.cancel(job.id);
    assert.equal(result.outcome, 'cancelled');
    assert.deepEqual(server.abandoned, [slowVideo], 'the stalled fetch was aborted');
    assert.equal((await store.get(job.id))?.error?.code, 'CANCELLED');
    assert.equal(existsSync(service.results.dirOf(job.id)), false);
  });

  test('a running job nobody answers for (its instance is gone) is ended by the cancel after a wait', async () => {
    const engine = new SteeredEngine();
    const { service, store } = await downloader(engine);
    service.settings.cancelWaitMs = 50;
    const orphan = newJobRecord(request('https://youtu.be/orphan'), 'someone', 'orphan-job-id');
    await store.create(orphan);
    await store.leaveLine(orphan.id);
    await store.put({ ...orphan, state: 'running', startedAt: new Date().toISOString() });
    mkdirSync(service.results.dirOf(orphan.id), { recursive: true });
    writeFileSync(join(service.results.dirOf(orphan.id), 'half.mp4.part'), 'x');

    const result = await service.cancel(orphan.id);
    assert.equal(result.outcome, 'cancelled');
    assert.equal((await store.get(orphan.id))?.error?.code, 'CANCELLED');
    assert.equal(existsSync(service.results.dirOf(orphan.id)), false);
    assert.equal(await store.activeCount('someone'), 0);
  });

  test('a running job handed out again after its instance stopped is started once more; watchers hear it', async () => {
    const engine = new SteeredEngine();
    const { service, store, queue } = await downloader(engine);
    const url = 'https://youtu.be/lost-once';
    const job = await orphaned(store, url, 1);
    const heard: string[] = [];
    service.watch(job.id, (m) => m.kind === 'job' && heard.push(m.event.type));
    const end = settled(service, job.id);

    await queue.add(job.id);
    await engine.whenStarted(url);
    assert.equal((await store.get(job.id))?.attempt, 2);
    engine.release(url);
    assert.equal((await end).type, 'done');
    assert.deepEqual(heard.slice(0, 2), ['queued', 'progress'], 'back in the queue, then running again');
    await service.close(); // the worker's last step, after the final event
    assert.equal(await store.activeCount('gone-client'), 0);
  });

  test('a job that has been started as often as allowed ends failed when it is handed out again', async () => {
    const engine = new SteeredEngine();
    const { service, store, queue } = await downloader(engine);
    const url = 'https://youtu.be/lost-twice';
    const job = await orphaned(store, url, DEFAULT_SETTINGS.attempts);
    const end = settled(service, job.id);
    await queue.add(job.id);
    const event = await end;
    assert.equal(event.type, 'error');
    assert.equal(event.type === 'error' && event.code, 'DOWNLOAD_FAILED');
    assert.deepEqual(engine.started, [], 'not started a third time');
    assert.equal(await store.activeCount('gone-client'), 0);
  });

  test('a run that was taken over can write no more, and leaves the files of the new run alone', async () => {
    const engine = new SteeredEngine();
    const { service, store } = await downloader(engine);
    const url = 'https://youtu.be/zombie';
    const { job } = await service.submit(request(url), '10.0.0.1');
    await engine.whenStarted(url);
    // Another instance took the job over (this one had seemed gone) and is running it.
    const current = (await store.get(job.id))!;
    assert.equal(current.attempt, 1);
    assert.equal(await store.update({ ...current, state: 'queued' }, 'running'), true);
    const successor = { ...current, attempt: 2, progress: { percent: 10, speed: null, eta: null } };
    assert.equal(await store.update(successor, 'queued'), true);
    const heard: string[] = [];
    service.watch(job.id, (m) => m.kind === 'job' && heard.push(m.event.type));

    engine.release(url);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await service.close();
    assert.deepEqual(await store.get(job.id), successor, 'the old run changed nothing');
    assert.ok(existsSync(service.results.dirOf(job.id)), 'the files stay for the new run');
    assert.deepEqual(heard, [], 'and announced nothing');
  });

  test('an ended job is left as it is, and an unknown id is unknown', async () => {
    const engine = new SteeredEngine();
    const { service, store } = await downloader(engine);
    const url = 'https://youtu.be/finished';
    const { job } = await service.submit(request(url), '10.0.0.1');
    await engine.whenStarted(url);
    engine.release(url);
    await settled(service, job.id);
    const before = await store.get(job.id);
    const result = await service.cancel(job.id);
    assert.equal(result.outcome, 'ended');
    assert.deepEqual(await store.get(job.id), before);
    assert.ok((await service.results.names(job.id)).includes('Clip [abc].mp4'));

    const failed = (await service.submit(request('https://youtu.be/fails'), '10.0.0.1')).job;
    await engine.whenStarted('https://youtu.be/fails');
    engine.release('https://youtu.be/fails', 'fail');
    await settled(service, failed.id);
    assert.equal((await service.cancel(failed.id)).outcome, 'ended');
    assert.equal((await store.get(failed.id))?.error?.code, 'NOT_FOUND_AT_SOURCE');

    assert.deepEqual(await service.cancel('no-such-job'), { outcome: 'unknown' });
  });
});
