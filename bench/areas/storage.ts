import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../src/app.js';
import { scratchDirOf } from '../../src/lib/storage/open-blob-store.js';
import { parseStorageUrl } from '../../src/lib/storage/storage-url.js';
import { MediaStore } from '../../src/media/media-store.js';
import { loadUrl } from '../lib/load.js';
import type { BenchArea, BenchRow } from '../lib/types.js';

/** A private pool (the bench client is on loopback) holding only the large file, so raw=1 always streams it. */
const POOL = 'bench-storage';
const INFO_FILE = 'bench-storage.json';
const TTFB_RUNS = 25;

interface BenchInfo {
  /** The second Kizuna, on S3 storage (s3rver on loopback), same database. */
  s3BaseUrl: string;
  sha256: string;
  size: number;
}

/** About 5 MB of PNG that does not compress: random pixels, stored without deflate effort. */
function largePng(): Promise<Buffer> {
  const side = 1300;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Starts scripts/start-test-s3.mjs as its own process and answers the STORAGE_URL it prints. */
function startS3rver(dir: string): Promise<string> {
  const child = spawn(
    process.execPath,
    ['scripts/start-test-s3.mjs', '--port', '0', '--dir', dir, '--bucket', 'kizuna-bench'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  process.on('exit', () => child.kill());
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /TEST_STORAGE_URL=(\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
}

/** Milliseconds from sending a GET until the first byte of the body arrives; the rest is dropped. */
function timeToFirstByte(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(url, (res) => {
      res.once('data', () => {
        resolve(Number(process.hrtime.bigint() - started) / 1e6);
        req.destroy();
      });
      res.once('error', () => {});
    });
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    req.end();
  });
}

async function median(runs: number, measure: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await measure());
  times.sort((x, y) => x - y);
  const mid = Math.floor(times.length / 2);
  return times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
}

export const area: BenchArea = {
  name: 'storage',
  async setup(app: FastifyInstance) {
    const bytes = await largePng();
    app.config.privatePools.push(POOL);
    const onDisk = new MediaStore(app.db, app.blobs, {
      ffmpegPath: app.config.ffmpegPath,
      scratchDir: scratchDirOf(app.config.dataDir, 'media'),
    });
    const { sha256, size } = await onDisk.addBuffer(POOL, bytes);

    // A second Kizuna in this process on the same database, its files in s3rver (its own process).
    process.env.AWS_ACCESS_KEY_ID ??= 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'S3RVER';
    process.env.AWS_EC2_METADATA_DISABLED = 'true';
    const s3DataDir = join(app.config.dataDir, 'instance-s3');
    mkdirSync(s3DataDir, { recursive: true });
    const storage = parseStorageUrl(await startS3rver(join(app.config.dataDir, 's3rver')));
    const onS3App = await buildApp(
      { ...app.config, dataDir: s3DataDir, storage, demoContent: false, privatePools: [POOL] },
      { logger: false },
    );
    const onS3 = new MediaStore(onS3App.db, onS3App.blobs, {
      ffmpegPath: app.config.ffmpegPath,
      scratchDir: scratchDirOf(s3DataDir, 'media'),
    });
    // The row is there already: this puts the same bytes into the bucket.
    await onS3.addBuffer(POOL, bytes);
    await onS3App.listen({ port: 0, host: '127.0.0.1' });
    const port = (onS3App.server.address() as { port: number }).port;
    const info: BenchInfo = { s3BaseUrl: `http://127.0.0.1:${port}`, sha256, size };
    // bench/run.ts gives the server scratchDir/data as DATA_DIR; run() finds the info there.
    writeFileSync(join(app.config.dataDir, INFO_FILE), JSON.stringify(info));
  },

  async run(ctx) {
    const info = JSON.parse(readFileSync(join(ctx.scratchDir, 'data', INFO_FILE), 'utf8')) as BenchInfo;
    const mb = (bytesPerSecond: number) => bytesPerSecond / 1e6;
    const label = `${(info.size / 1e6).toFixed(1)} MB file`;
    const raw = `/api/v1/media/${POOL}?raw=1`;
    const disk = await ctx.load(raw, { connections: 4 });
    const s3 = await loadUrl(`${info.s3BaseUrl}${raw}`, { connections: 4 });
    if (disk.non2xx > 0 || s3.non2xx > 0) throw new Error('raw=1 streaming: non-2xx answers');

    const file = `/api/v1/files/${info.sha256}.png`;
    // One request first on each side: connections and the S3 client warmed up.
    await timeToFirstByte(`${ctx.baseUrl}${file}`);
    await timeToFirstByte(`${info.s3BaseUrl}${file}`);
    const diskTtfb = await median(TTFB_RUNS, () => timeToFirstByte(`${ctx.baseUrl}${file}`));
    const s3Ttfb = await median(TTFB_RUNS, () => timeToFirstByte(`${info.s3BaseUrl}${file}`));

    const rows: BenchRow[] = [
      {
        area: 'storage',
        name: `raw=1 from local disk, ${label}`,
        value: mb(disk.throughputBytesPerSecond),
        unit: 'MB/s',
      },
      {
        area: 'storage',
        name: `raw=1 from S3 (s3rver on loopback), same file; ratio to disk`,
        value: mb(s3.throughputBytesPerSecond),
        unit: 'MB/s',
        ratio: s3.throughputBytesPerSecond / disk.throughputBytesPerSecond,
        target: '≥ 0.7',
      },
      {
        area: 'storage',
        name: `time to first byte, ${label}, local disk (median of ${TTFB_RUNS})`,
        value: diskTtfb,
        unit: 'ms',
      },
      {
        area: 'storage',
        name: `time to first byte, same file, S3; ratio to disk`,
        value: s3Ttfb,
        unit: 'ms',
        ratio: s3Ttfb / diskTtfb,
      },
    ];
    return rows;
  },
};
