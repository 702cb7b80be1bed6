import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { scratchDirOf } from '../../src/lib/storage/open-blob-store.js';
import { drawStill } from '../../src/media/demo-art/stills.js';
import { MediaStore } from '../../src/media/media-store.js';
import { storedRelativePath } from '../../src/media/media-types.js';
import { againstBaseline } from '../lib/against-baseline.js';
import { loadUrl } from '../lib/load.js';
import type { BenchArea, BenchRow } from '../lib/types.js';

/** A private pool (the bench client is on loopback) holding only the large file, so raw=1 always streams it. */
const LARGE_POOL = 'bench-large';
const INFO_FILE = 'bench-media.json';

interface BenchInfo {
  staticUrl: string;
  size: number;
}

/** About 5 MB of PNG that does not compress: random pixels, stored without deflate effort. */
async function largePng(): Promise<Buffer> {
  const side = 1300;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const area: BenchArea = {
  name: 'media',
  async setup(app: FastifyInstance) {
    const store = new MediaStore(app.db, app.blobs, {
      ffmpegPath: app.config.ffmpegPath,
      scratchDir: scratchDirOf(app.config.dataDir, 'media'),
    });
    for (let i = 0; i < 20; i++)
      await store.addBuffer('neko', await drawStill('neko', 100 + i).encode('png'), { artistName: 'bench' });
    const large = await store.addBuffer(LARGE_POOL, await largePng());
    app.config.privatePools.push(LARGE_POOL);

    // @fastify/static serving the very same file, in this process, as the reference for raw=1 (the
    // bench server stores on disk, in DATA_DIR/media/files).
    const reference = Fastify({ logger: false });
    await reference.register(fastifyStatic, {
      root: join(app.config.dataDir, 'media', 'files'),
      prefix: '/bench-static/',
    });
    await reference.listen({ port: 0, host: '127.0.0.1' });
    const port = (reference.server.address() as { port: number }).port;
    const info: BenchInfo = {
      staticUrl: `http://127.0.0.1:${port}/bench-static/${storedRelativePath(large.sha256, large.ext)}`,
      size: large.size,
    };
    // bench/run.ts gives the server scratchDir/data as DATA_DIR; run() finds the reference there.
    writeFileSync(join(app.config.dataDir, INFO_FILE), JSON.stringify(info));
  },

  async run(ctx) {
    const rows: BenchRow[] = [];
    rows.push(
      ...(await againstBaseline(ctx, 'media', 'GET /api/v1/neko (random pick, JSON)', '/api/v1/neko', {
        target: '≥ 0.65',
      })),
    );

    const info = JSON.parse(readFileSync(join(ctx.scratchDir, 'data', INFO_FILE), 'utf8')) as BenchInfo;
    const mb = (bytesPerSecond: number) => bytesPerSecond / 1e6;
    const reference = await loadUrl(info.staticUrl, { connections: 4 });
    const raw = await ctx.load(`/api/v1/media/${LARGE_POOL}?raw=1`, { connections: 4 });
    if (reference.non2xx > 0 || raw.non2xx > 0) throw new Error('raw=1 streaming: non-2xx answers');
    rows.push(
      {
        area: 'media',
        name: `@fastify/static, ${(info.size / 1e6).toFixed(1)} MB file`,
        value: mb(reference.throughputBytesPerSecond),
        unit: 'MB/s',
      },
      {
        area: 'media',
        name: `GET /api/v1/media/:pool?raw=1, same file`,
        value: mb(raw.throughputBytesPerSecond),
        unit: 'MB/s',
        ratio: raw.throughputBytesPerSecond / reference.throughputBytesPerSecond,
        target: '≥ 0.8',
      },
    );
    return rows;
  },
};
