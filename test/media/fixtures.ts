import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { after } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import sharp from 'sharp';
import { createDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openBlobStore, scratchDirOf } from '../../src/lib/storage/open-blob-store.js';
import { MediaStore, storeConnectionOf } from '../../src/media/media-store.js';
import { createTestResources } from '../helpers/test-app.js';

/** A real PNG of one colour; different `seed`s give different bytes. */
export function png(seed: number, width = 24, height = 16): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: seed % 256, g: (seed * 7) % 256, b: (seed * 13) % 256 },
    },
  })
    .png()
    .toBuffer();
}

/** A real animated GIF of `frames` frames. */
export function gif(seed: number, frames = 3, width = 20, height = 12): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * frames * 4);
  for (let i = 0; i < pixels.length; i += 4) {
    const frame = Math.floor(i / 4 / (width * height));
    pixels.set([(seed * 40 + frame * 60) % 256, (seed * 3) % 256, frame * 80, 255], i);
  }
  return sharp(pixels, { raw: { width, height: height * frames, channels: 4, pageHeight: height } })
    .gif({ loop: 0, delay: Array(frames).fill(100) })
    .toBuffer();
}

/** A store on the app's own database and file storage, as the CLI would open it. */
export function storeOf(app: FastifyInstance): MediaStore {
  return new MediaStore(app.db, app.blobs, {
    ffmpegPath: app.config.ffmpegPath,
    scratchDir: scratchDirOf(app.config.dataDir, 'media'),
    connection: storeConnectionOf(app.config),
  });
}

/**
 * pg's pool.end() resolves before every socket has closed; dropping the test database right after
 * then terminates a closing connection, whose 'error' would surface in whatever test runs next.
 */
function postgresWithQuietClose(url: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('connect', (client) => client.on('error', () => {}));
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * A store on a fresh test database and file storage (PostgreSQL when TEST_DATABASE_URL is set, a
 * bucket prefix when TEST_STORAGE_URL is).
 */
export async function openTestStore(
  options: { ffmpegPath?: string; scratchDir?: string } = {},
): Promise<MediaStore> {
  const resources = await createTestResources();
  const sqlitePath = join(resources.dataDir, 'test.sqlite');
  const db = resources.databaseUrl
    ? postgresWithQuietClose(resources.databaseUrl)
    : createDatabase({ sqlitePath }).db;
  await migrateToLatest(db);
  const blobs = openBlobStore(resources.storage, { dataDir: resources.dataDir });
  after(async () => {
    await blobs.close();
    await db.destroy();
    await resources.release();
  });
  return new MediaStore(db, blobs, {
    ffmpegPath: options.ffmpegPath ?? 'ffmpeg',
    scratchDir: options.scratchDir ?? scratchDirOf(resources.dataDir, 'media'),
    cacheMs: 0,
    connection: {
      database: { databaseUrl: resources.databaseUrl, sqlitePath },
      storage: resources.storage,
      dataDir: resources.dataDir,
    },
  });
}

/**
 * `count` pool items written straight into the database, with made-up hashes and no bytes on
 * disk: for answers that are JSON only (search, the daily pick), at numbers real files would
 * make slow. Returns their hashes in insertion (id) order.
 */
export async function insertFakeItems(
  db: Kysely<Database>,
  pool: string,
  count: number,
  fields: { anime_name?: string; artist_name?: string; created_at?: string; mime?: string } = {},
): Promise<string[]> {
  const { mime = 'image/gif', created_at = new Date().toISOString(), ...credits } = fields;
  const ext = mime === 'image/gif' ? 'gif' : 'png';
  const hashes = Array.from({ length: count }, () => randomBytes(32).toString('hex'));
  for (let i = 0; i < hashes.length; i += 200) {
    const batch = hashes.slice(i, i + 200);
    await db
      .insertInto('media_files')
      .values(
        batch.map((sha256) => ({
          sha256,
          ext,
          mime,
          size: 100,
          width: 10,
          height: 10,
          duration_ms: null,
          created_at,
        })),
      )
      .execute();
    // One row at a time keeps the ids in the order of the hashes on every database.
    for (const sha256 of batch) {
      await db
        .insertInto('media_items')
        .values({
          pool,
          sha256,
          artist_name: null,
          artist_href: null,
          source_url: null,
          anime_name: null,
          ...credits,
          created_at,
        })
        .execute();
    }
  }
  return hashes;
}
