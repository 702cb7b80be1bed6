import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { DEFAULT_SETTINGS, DownloaderService } from '../../src/downloader/downloader-service.js';
import type { Engine } from '../../src/downloader/engine.js';
import { PLATFORMS, type Platform } from '../../src/downloader/platforms.js';
import { MemoryQueue } from '../../src/downloader/queue/memory-queue.js';
import { ResultsStore } from '../../src/downloader/results-store.js';
import { MemoryJobStore } from '../../src/downloader/store/memory-job-store.js';
import {
  type BlobSource,
  type PutOptions,
  StorageUnavailableError,
} from '../../src/lib/storage/blob-store.js';
import { DiskBlobBackend } from '../../src/lib/storage/disk-blob-backend.js';
import { SteeredEngine, settled } from './fake-engine.js';

/** A disk store whose writes fail as a full disk or an unreachable bucket would. */
class FailingPuts extends DiskBlobBackend {
  override async put(_key: string, _source: BlobSource, _options?: PutOptions): Promise<void> {
    throw new StorageUnavailableError(new Error('no space left'));
  }
}

test('a finished download that cannot be stored fails with STORAGE_UNAVAILABLE and leaves nothing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kizuna-dl-storage-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const engine = new SteeredEngine();
  const errors: unknown[] = [];
  const results = new ResultsStore(new FailingPuts(dir), join(dir, 'tmp', 'downloads'));
  const service = new DownloaderService(
    new MemoryJobStore(),
    new MemoryQueue(1),
    results,
    Object.fromEntries(PLATFORMS.map((p) => [p, engine as Engine])) as Record<Platform, Engine>,
    { ...DEFAULT_SETTINGS, progressIntervalMs: 0, retentionSeconds: 60 },
    { warn: () => undefined, error: (entry: unknown) => errors.push(entry) },
  );
  await service.start();
  after(() => service.close());

  const { job } = await service.submit(
    {
      platform: 'youtube',
      url: 'https://youtu.be/stored',
      mode: 'auto',
      quality: 'max',
      audioBitrate: 192,
      audioFormat: 'mp3',
    },
    '10.0.0.1',
  );
  await engine.whenStarted('https://youtu.be/stored');
  engine.release('https://youtu.be/stored');
  const end = await settled(service, job.id);
  assert.deepEqual(end, {
    type: 'error',
    id: job.id,
    code: 'STORAGE_UNAVAILABLE',
    message: 'The finished files could not be stored; try again in a moment.',
  });
  assert.equal(await results.has(job.id), false, 'no work folder, no stored files');
  assert.equal(errors.length, 1, 'the storage failure is logged');
});
