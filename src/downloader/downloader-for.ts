import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { EgressProxy } from '../lib/egress-proxy.js';
import { settlesWithin } from '../lib/settles-within.js';
import { scratchDirOf } from '../lib/storage/open-blob-store.js';
import { DEFAULT_SETTINGS, DownloaderService } from './downloader-service.js';
import type { Engine } from './engine.js';
import { PinterestEngine } from './engines/pinterest-engine.js';
import { SpotifyEngine } from './engines/spotify-engine.js';
import { ThreadsEngine } from './engines/threads-engine.js';
import { YtdlpEngine } from './engines/ytdlp-engine.js';
import { safePageFetcher } from './extractors/page-fetcher.js';
import type { Platform } from './platforms.js';
import type { BullmqQueue } from './queue/bullmq-queue.js';
import { MemoryQueue } from './queue/memory-queue.js';
import { ResultsStore } from './results-store.js';
import { MemoryJobStore } from './store/memory-job-store.js';
import { RedisJobStore } from './store/redis-job-store.js';

// One service per app, reached from both route trees (/api/v1 and the root /ws alias): kept on the
// HTTP server, the one object every encapsulated context of an app shares and no other app has,
// under a registered symbol, so that the compiled app and the sources find the same one (the test
// suite steers the compiled app's downloader from the sources when TEST_APP=dist).
const SERVICE = Symbol.for('kizuna.downloader');
type ServerWithDownloader = FastifyInstance['server'] & { [SERVICE]?: Promise<DownloaderService> };

/** The app's downloader, created (and its workers started) on first use, closed with the app. */
export function downloaderFor(app: FastifyInstance): Promise<DownloaderService> {
  const server: ServerWithDownloader = app.server;
  server[SERVICE] ??= createDownloader(app);
  return server[SERVICE];
}

/** The engines; `proxyUrl` is the egress guard every yt-dlp run connects through. */
export function defaultEngines(config: Config, proxyUrl?: string): Record<Platform, Engine> {
  const tools = { ytdlpPath: config.ytdlpPath, ffmpegPath: config.ffmpegPath, proxyUrl };
  const ytdlp = new YtdlpEngine(tools, safePageFetcher);
  return {
    youtube: ytdlp,
    tiktok: ytdlp,
    instagram: ytdlp,
    facebook: ytdlp,
    twitter: ytdlp,
    soundcloud: ytdlp,
    pinterest: new PinterestEngine(safePageFetcher),
    threads: new ThreadsEngine(safePageFetcher),
    spotify: new SpotifyEngine(tools, safePageFetcher),
  };
}

async function createDownloader(app: FastifyInstance): Promise<DownloaderService> {
  const { config } = app;
  const settings = {
    ...DEFAULT_SETTINGS,
    limits: { ...DEFAULT_SETTINGS.limits },
    retentionSeconds: config.downloadRetentionSeconds,
  };
  const recordTtl = config.downloadRetentionSeconds * 2 + Math.ceil(settings.limits.timeoutMs / 1000);
  const store = app.redis
    ? new RedisJobStore(app.redis, config.redisPrefix, recordTtl)
    : new MemoryJobStore();
  // BullMQ (and its dependencies) load only when Redis is configured, with the downloader.
  const Bullmq = app.redis ? (await import('./queue/bullmq-queue.js')).BullmqQueue : undefined;
  const queue: BullmqQueue | MemoryQueue =
    app.redis && Bullmq
      ? new Bullmq(app.redis, config.redisPrefix, {
          workers: config.downloadWorkers,
          stallMs: config.downloadStallSeconds * 1000,
          maxStalls: settings.attempts,
        })
      : new MemoryQueue(config.downloadWorkers);
  // yt-dlp resolves and connects on its own: it reaches the network only through this guard,
  // which holds it to the safe fetcher's public-address policy (docs/downloader.md).
  const egress = new EgressProxy({
    allowLoopbackForTests: config.allowLoopbackFetchForTests,
    onRefused: (host, reason) => app.log.warn({ host, reason }, 'egress guard refused a connection'),
  });
  const proxyUrl = await egress.start();
  app.addHook('onClose', async () => {
    await egress.close();
  });
  const service = new DownloaderService(
    store,
    queue,
    new ResultsStore(app.blobs, scratchDirOf(config.dataDir, 'downloads')),
    defaultEngines(config, proxyUrl),
    settings,
    app.log.child({ area: 'downloader' }),
  );
  await service.start();
  // With Redis there, hear the others and take jobs before the first request. Without it the
  // instance starts all the same (not ready) and both catch up when Redis is back.
  if (app.redis?.status === 'ready' && store instanceof RedisJobStore && Bullmq && queue instanceof Bullmq) {
    await settlesWithin(Promise.all([store.listening(), queue.ready()]), 5000);
  }

  const sweepEvery = Math.min(60_000, (config.downloadRetentionSeconds * 1000) / 4);
  app.sweeps.every('download retention', sweepEvery, () => service.sweep());
  app.addHook('onClose', async () => {
    await service.close();
  });
  return service;
}
