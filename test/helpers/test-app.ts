import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { BuildOptions } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { BlobStore } from '../../src/lib/storage/blob-store.js';
import { openBlobStore } from '../../src/lib/storage/open-blob-store.js';
import { parseStorageUrl, type StorageSettings, withSubPrefix } from '../../src/lib/storage/storage-url.js';
import { deleteRedisKeys } from './redis-keys.js';
import { useS3rverCredentials } from './s3-server.js';

// With TEST_STORAGE_URL (an s3rver from scripts/start-test-s3.mjs, say) and no credentials given,
// sign with s3rver's: the SDK's default chain would otherwise go looking for instance credentials.
if (process.env.TEST_STORAGE_URL) useS3rverCredentials();

/**
 * TEST_APP=dist: every test that builds its app here drives the compiled app instead (dist/app.js,
 * `npm run build`), which is what `npm start` runs. The bundle has failures of its own that the
 * sources run through tsx cannot show (a CommonJS package bundled into a chunk with only a default
 * export made every outgoing fetch fail in production, and no test saw it).
 */
const FROM_DIST = process.env.TEST_APP === 'dist';
const { buildApp } = (
  FROM_DIST
    ? await import(pathToFileURL(join(process.cwd(), 'dist', 'app.js')).href)
    : await import('../../src/app.js')
) as typeof import('../../src/app.js');

/**
 * The skip reason of a test that steers the app through a module of the sources (an engine that
 * throws the sources' error class, a gate or a query log it fills or reads): beside dist/ that
 * module is a second copy the compiled app never sees.
 */
export const SOURCES_ONLY =
  FROM_DIST && 'steers the app through a module of the sources, which dist/ does not share';

const openApps: Array<() => Promise<void>> = [];

// Registered when a test file imports this module, so it belongs to the file's root: every app a
// file builds (in a before hook, a nested suite or a test) is closed once the whole file is done.
after(async () => {
  for (const close of openApps.splice(0).reverse()) await close();
});

/**
 * A fresh app for a test file: its own DATA_DIR, its own database (a new SQLite file, or a new
 * PostgreSQL database when TEST_DATABASE_URL is set), its own Redis key prefix (when
 * TEST_REDIS_URL is set) and its own file storage (DATA_DIR, or a prefix of the TEST_STORAGE_URL
 * bucket). Everything is removed again when the test file is done.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const resources = await createTestResources();
  const config: Config = { ...testConfig(resources), ...overrides };
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { logger: false, ...options });
  } catch (error) {
    await resources.release();
    throw error;
  }
  openApps.push(async () => {
    await app.close();
    await resources.release();
  });
  return app;
}

export interface TestResources {
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix: string;
  /** DATA_DIR on disk, or this test's own prefix in the TEST_STORAGE_URL bucket. */
  storage: StorageSettings;
  release: () => Promise<void>;
}

export function testConfig(resources: Omit<TestResources, 'release'>): Config {
  return {
    ...loadConfig({
      DATA_DIR: resources.dataDir,
      SESSION_SECRET: 'test-secret-'.padEnd(48, 'x'),
      DEMO_CONTENT: 'false',
      // No test asks the real anime database; the ones about prefetching point it at a fake.
      JIKAN_REFRESH_MINUTES: '0',
      // Tests register and submit far more than a person would; the budgets' own tests set them low.
      REGISTRATIONS_PER_HOUR: '100000',
      GROUP_SUBMISSIONS_PER_HOUR: '100000',
      // A test machine running files in parallel pauses its event loop far longer than a served
      // instance may; readiness's own event-loop tests steer the monitor themselves.
      EVENT_LOOP_LAG_MS: '60000',
    }),
    // Tests that turn demo content on get tiny stand-in files; the art's own tests draw it.
    demoContentQuick: true,
    databaseUrl: resources.databaseUrl,
    redisUrl: resources.redisUrl,
    redisPrefix: resources.redisPrefix,
    storage: resources.storage,
    // Readiness in tests is about the dependencies; a test process on a busy machine can stall
    // for a second. The event-loop check has its own tests (test/plugins/event-loop-lag.test.ts).
    eventLoopLagMs: 60_000,
    // Tests never reach the real image hosts: a loopback origin the safe fetcher refuses at once,
    // so a Genshin picture is the stand-in card unless a test brings its own upstream.
    genshinImageOriginForTests: 'https://127.0.0.1:9/',
  };
}

export async function createTestResources(): Promise<TestResources> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kizuna-test-'));
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const redisPrefix = `kizuna-test:${suffix}:`;
  const cleanups: Array<() => Promise<void>> = [
    async () => rmSync(dataDir, { recursive: true, force: true }),
  ];

  let databaseUrl: string | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `kizuna_test_${suffix}`;
    await createDatabaseWithRetry(adminUrl, name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    });
  }

  const redisUrl = process.env.TEST_REDIS_URL;
  if (redisUrl) {
    cleanups.push(() => deleteRedisKeys(redisUrl, redisPrefix));
  }

  const { storage, release: releaseStorage } = testStorage(suffix, dataDir);
  cleanups.push(releaseStorage);

  return {
    dataDir,
    databaseUrl,
    redisUrl,
    redisPrefix,
    storage,
    release: async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}

/**
 * File storage for one test: DATA_DIR on disk, or, with TEST_STORAGE_URL, a prefix of its own in
 * that bucket, whose objects release() removes.
 */
function testStorage(
  suffix: string,
  dataDir: string,
): { storage: StorageSettings; release: () => Promise<void> } {
  const storageUrl = process.env.TEST_STORAGE_URL;
  if (!storageUrl) return { storage: { kind: 'disk' }, release: async () => {} };
  const shared = parseStorageUrl(storageUrl);
  const own = `kizuna-test-${suffix}`;
  return {
    storage: withSubPrefix(shared, own),
    release: async () => {
      const blobs = openBlobStore(shared, { dataDir });
      try {
        await blobs.deletePrefix(`${own}/`);
      } finally {
        await blobs.close();
      }
    },
  };
}

/**
 * A blob store for tests of the stores themselves: on disk in `dataDir`, or on its own prefix of
 * the TEST_STORAGE_URL bucket; closed and emptied when the test file is done.
 */
export function openTestBlobs(dataDir: string): BlobStore {
  const { storage, release } = testStorage(`${process.pid}_${randomBytes(4).toString('hex')}`, dataDir);
  const blobs = openBlobStore(storage, { dataDir });
  after(async () => {
    await blobs.close();
    await release();
  });
  return blobs;
}

/**
 * Test files run in parallel and each creates its own database. template0 takes no connections,
 * so copying it never meets "source database is being accessed by other users"; a retry covers
 * any other passing clash between concurrent CREATE DATABASE commands.
 */
async function createDatabaseWithRetry(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const admin = new pg.Client({ connectionString: adminUrl });
    try {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    } finally {
      await admin.end().catch(() => {});
    }
  }
}
