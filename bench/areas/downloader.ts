import { execFile, execFileSync } from 'node:child_process';
import { createReadStream, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_SETTINGS, DownloaderService } from '../../src/downloader/downloader-service.js';
import type { Engine } from '../../src/downloader/engine.js';
import { ytdlpArgs } from '../../src/downloader/engines/ytdlp-args.js';
import { YtdlpEngine } from '../../src/downloader/engines/ytdlp-engine.js';
import type { JobEvent, JobRequest } from '../../src/downloader/job.js';
import { PLATFORMS, type Platform } from '../../src/downloader/platforms.js';
import { MemoryQueue } from '../../src/downloader/queue/memory-queue.js';
import { ResultsStore } from '../../src/downloader/results-store.js';
import { MemoryJobStore } from '../../src/downloader/store/memory-job-store.js';
import { DiskBlobBackend } from '../../src/lib/storage/disk-blob-backend.js';
import type { BenchArea, BenchRow } from '../lib/types.js';

const WORKERS = 4;
const QUEUE_JOBS = 2000;
const tools = {
  ytdlpPath: process.env.YTDLP_PATH ?? 'yt-dlp',
  ffmpegPath: process.env.FFMPEG_PATH ?? 'ffmpeg',
  // The benchmark's clip is served on loopback, for yt-dlp's generic extractor.
  anyExtractor: true,
};

/** Writes one tiny file and returns: what a job costs apart from the queue itself. */
const noopEngine: Engine = {
  async run(context) {
    writeFileSync(join(context.workDir, 'out.bin'), 'x');
  },
};

function service(dir: string, engine: Engine): DownloaderService {
  const engines = Object.fromEntries(PLATFORMS.map((p) => [p, engine])) as Record<Platform, Engine>;
  return new DownloaderService(
    new MemoryJobStore(),
    new MemoryQueue(WORKERS),
    new ResultsStore(new DiskBlobBackend(dir), join(dir, 'tmp', 'downloads')),
    engines,
    { ...DEFAULT_SETTINGS, maxActivePerClient: Number.MAX_SAFE_INTEGER, retentionSeconds: 3600 },
    { warn: () => undefined, error: () => undefined },
  );
}

function settled(downloader: DownloaderService, id: string): Promise<JobEvent> {
  return new Promise((resolve) => {
    const stop = downloader.watch(id, (m) => {
      if (m.kind === 'job' && (m.event.type === 'done' || m.event.type === 'error')) {
        stop();
        resolve(m.event);
      }
    });
  });
}

const request = (url: string, mode: JobRequest['mode'] = 'video'): JobRequest => ({
  platform: 'youtube',
  url,
  mode,
  quality: 'max',
  audioBitrate: 320,
  audioFormat: 'mp3',
});

/** Jobs per second through submit → queue → worker → results → done, with nothing to download. */
async function queueThroughput(dir: string): Promise<{ ours: number; bare: number }> {
  const downloader = service(join(dir, 'queue'), noopEngine);
  await downloader.start();
  const started = performance.now();
  const ends: Promise<JobEvent>[] = [];
  for (let i = 0; i < QUEUE_JOBS; i++) {
    const { job } = await downloader.submit(request(`https://youtu.be/${i}`), `10.0.${i >> 8}.${i & 255}`);
    ends.push(settled(downloader, job.id));
  }
  await Promise.all(ends);
  const ours = QUEUE_JOBS / ((performance.now() - started) / 1000);
  await downloader.close();

  // The same engine work in a bare 4-wide pool: the floor the queue's bookkeeping adds to.
  const bareDir = join(dir, 'bare');
  let next = 0;
  const bareStart = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (next < QUEUE_JOBS) {
        const workDir = join(bareDir, String(next++));
        mkdirSync(workDir, { recursive: true });
        await noopEngine.run({
          request: request('x'),
          workDir,
          signal: new AbortController().signal,
          limits: DEFAULT_SETTINGS.limits,
          onProgress: () => undefined,
        });
      }
    }),
  );
  const bare = QUEUE_JOBS / ((performance.now() - bareStart) / 1000);
  rmSync(dir, { recursive: true, force: true });
  return { ours, bare };
}

/** About 50 MB of hard-to-compress video with sound, made by ffmpeg. */
function makeLargeClip(path: string): number {
  execFileSync(tools.ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=25,noise=alls=40:allf=t',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '20',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-b:v',
    '20M',
    '-maxrate',
    '20M',
    '-bufsize',
    '4M',
    '-c:a',
    'aac',
    '-shortest',
    path,
  ]);
  return statSync(path).size;
}

export const area: BenchArea = {
  name: 'downloader',
  async run(ctx) {
    const rows: BenchRow[] = [];
    const queue = await queueThroughput(join(ctx.scratchDir, 'downloader-queue'));
    rows.push({
      area: 'downloader',
      name: `queue: no-op jobs through ${WORKERS} workers`,
      value: queue.ours,
      unit: 'jobs/s',
      ratio: queue.ours / queue.bare,
      target: '≥ 200 jobs/s (ratio vs. a bare 4-wide pool)',
    });

    const clipDir = join(ctx.scratchDir, 'downloader-clip');
    mkdirSync(clipDir, { recursive: true });
    const clip = join(clipDir, 'large.mp4');
    const size = makeLargeClip(clip);
    const server = createServer((_request, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': size });
      createReadStream(clip).pipe(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/large.mp4`;
    try {
      // yt-dlp alone, with the very arguments the engine gives it: fetch, then convert to mp3 at 320 kbps.
      let run = 0;
      const alone = await ctx.medianMs(3, async () => {
        const workDir = join(clipDir, `alone-${run++}`);
        mkdirSync(workDir, { recursive: true });
        const args = ytdlpArgs(request(url, 'audio'), {
          workDir,
          ffmpegPath: tools.ffmpegPath,
          maxBytes: 1024 ** 3,
        });
        // Asynchronously: the clip is served from this very process.
        await promisify(execFile)(tools.ytdlpPath, args, { maxBuffer: 64 * 1024 * 1024 });
        rmSync(workDir, { recursive: true, force: true });
      });
      const downloader = service(join(clipDir, 'kizuna'), new YtdlpEngine(tools));
      await downloader.start();
      const through = await ctx.medianMs(3, async () => {
        const { job } = await downloader.submit(request(url, 'audio'), '127.0.0.1');
        const end = await settled(downloader, job.id);
        if (end.type !== 'done') throw new Error(`the benchmark download failed: ${JSON.stringify(end)}`);
        await downloader.results.remove(job.id);
      });
      await downloader.close();
      rows.push({
        area: 'downloader',
        name: `${Math.round(size / 1e6)} MB clip → mp3 320k through the engine layer`,
        value: through,
        unit: 'ms',
        ratio: through / alone,
        target: '≤ 1.1 × yt-dlp alone',
      });
    } finally {
      server.close();
    }
    return rows;
  },
};
