import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { IMMUTABLE } from '../lib/http/cache-control.js';
import { type BlobStore, readBlob } from '../lib/storage/blob-store.js';
import type { StorageSettings } from '../lib/storage/storage-url.js';
import { kindMismatch } from './categories.js';
import {
  type Credits,
  countByPool,
  deleteFileIfUnused,
  deleteItem,
  fileTotals,
  findFile,
  insertFile,
  insertItem,
  listPoolItems,
  type MediaItem,
  poolsOfFile,
  updateCredits,
} from './media-repository.js';
import { mediaKey } from './media-types.js';
import { NotMediaError, type ProbedMedia, probeMedia } from './probe.js';

/** How to open this same store in another process: the demo generators store their files themselves. */
export interface StoreConnection {
  database: { databaseUrl?: string; sqlitePath: string };
  storage: StorageSettings;
  dataDir: string;
}

/** The connection of the configured store (a Config, or anything with its fields). */
export function storeConnectionOf(config: {
  databaseUrl?: string;
  sqlitePath: string;
  storage: StorageSettings;
  dataDir: string;
}): StoreConnection {
  return {
    database: { databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath },
    storage: config.storage,
    dataDir: config.dataDir,
  };
}

export interface StoreOptions {
  ffmpegPath: string;
  /** Where the database and the files are, for work done in other processes (demo content). */
  connection?: StoreConnection;
  /** Local scratch folder for bytes being probed (ffprobe and sharp want a file). */
  scratchDir: string;
  /**
   * How long a pool's item list and the pool counts are reused before they are read again (other
   * instances and the CLI write too).
   */
  cacheMs?: number;
}

export type AddOutcome =
  /** New bytes, stored and added to the pool. */
  | 'added'
  /** Bytes already stored (for another pool); only the pool membership is new. */
  | 'linked'
  /** Already in this pool, with credits given that differ from the stored ones: they are corrected. */
  | 'updated'
  /** Already in this pool: nothing changed. */
  | 'duplicate';

/** A file that is media, but not of the kind its pool promises (a PNG for a reaction GIF category, say). */
export class WrongKindError extends NotMediaError {
  constructor(message: string) {
    super(message);
    this.name = 'WrongKindError';
  }
}

export interface AddResult {
  outcome: AddOutcome;
  sha256: string;
  ext: string;
  mime: string;
  size: number;
}

/** The cache key of a pool's items. */
const itemsKey = (pool: string) => `items:${pool}`;

/** A cached read: its promise, and its value once it has one. */
interface CacheEntry {
  at: number;
  value: Promise<unknown>;
  settled?: { value: unknown };
}

/**
 * The content-addressed media store: objects in the blob store under media/files/ named by their
 * SHA-256, rows in the database saying which pools use them. An object is stored before its row
 * and removed again when the row cannot be written, so a row never points at a missing object.
 * Independent of HTTP, so the CLI uses it too.
 */
export class MediaStore {
  private readonly tmpDir: string;
  /** Pool items and counts, read on every pick, kept for `cacheMs` (writes through this store clear them). */
  private readonly cache = new Map<string, CacheEntry>();
  private readonly cacheMs: number;

  constructor(
    readonly db: Kysely<Database>,
    readonly blobs: BlobStore,
    private readonly options: StoreOptions,
  ) {
    this.tmpDir = options.scratchDir;
    this.cacheMs = options.cacheMs ?? 5000;
  }

  /** The local scratch folder (demo generation writes its files there before they are stored). */
  get scratchDir(): string {
    return this.tmpDir;
  }

  get ffmpegPath(): string {
    return this.options.ffmpegPath;
  }

  /** Where this store's database and files are, when it was told (the server and the CLI tell it). */
  get connection(): StoreConnection | undefined {
    return this.options.connection;
  }

  /** The blob store key of a stored file. */
  keyOf(sha256: string, ext: string): string {
    return mediaKey(sha256, ext);
  }

  /** The bytes of a stored file, whole (small files: a menu backdrop). */
  readBytes(sha256: string, ext: string): Promise<Buffer> {
    return readBlob(this.blobs, this.keyOf(sha256, ext));
  }

  /**
   * Adds a file from disk to a pool: copied, or with `consume` moved where the storage can (a
   * scratch file that is not needed after). Throws NotMediaError for anything but media and
   * WrongKindError for media the pool does not take (poolKind).
   */
  async addFile(
    pool: string,
    sourcePath: string,
    credits: Credits = {},
    options: {
      consume?: boolean;
      /**
       * What the file is, when the caller measured it already: the demo generator measures its own
       * files in its own process, so the server loads no image decoder for them. Trusted as given.
       */
      probed?: ProbedMedia;
    } = {},
  ): Promise<AddResult> {
    const hash = createHash('sha256');
    // Chunks no larger than the file: a thousand small files do not cost a thousand 64 KiB buffers.
    const { size } = await stat(sourcePath);
    const highWaterMark = Math.max(1024, Math.min(size, 1 << 16));
    for await (const chunk of createReadStream(sourcePath, { highWaterMark })) hash.update(chunk as Buffer);
    return this.commit(
      pool,
      sourcePath,
      hash.digest('hex'),
      credits,
      options.consume ?? false,
      options.probed,
    );
  }

  /** Adds bytes held in memory (generated content) to a pool. */
  async addBuffer(pool: string, bytes: Buffer, credits: Credits = {}): Promise<AddResult> {
    await mkdir(this.tmpDir, { recursive: true });
    const tmp = join(this.tmpDir, `${randomBytes(12).toString('hex')}.part`);
    try {
      await writeFile(tmp, bytes);
      return await this.commit(pool, tmp, createHash('sha256').update(bytes).digest('hex'), credits);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  /** Stores the local file `path` (left as it is) under its hash and records it in the pool. */
  private async commit(
    pool: string,
    path: string,
    sha256: string,
    credits: Credits,
    consume = false,
    measured?: ProbedMedia,
  ): Promise<AddResult> {
    const known = await findFile(this.db, sha256);
    let file: { ext: string; mime: string; size: number };
    if (known) {
      file = { ext: known.ext, mime: known.mime, size: Number(known.size) };
      this.checkKind(pool, { mime: known.mime, durationMs: known.duration_ms });
      // The row may outlive its object (a wiped disk, a bucket restored from an older copy): put the bytes back.
      const key = this.keyOf(sha256, known.ext);
      if (!(await this.blobs.exists(key)))
        await this.blobs.put(key, { path }, { contentType: known.mime, cacheControl: IMMUTABLE, consume });
    } else {
      const probed = measured ?? (await probeMedia(path, this.options.ffmpegPath));
      // Checked before anything is kept: a refused file leaves no trace.
      this.checkKind(pool, probed);
      const size = (await stat(path)).size;
      const key = this.keyOf(sha256, probed.ext);
      await this.blobs.put(key, { path }, { contentType: probed.mime, cacheControl: IMMUTABLE, consume });
      try {
        await insertFile(this.db, { sha256, size, ...probed });
      } catch (error) {
        // No row for the object: take it back, unless the same bytes got their row meanwhile
        // (another import of them on another instance) and the object is theirs too.
        const raced = await findFile(this.db, sha256).catch(() => undefined);
        if (!raced) await this.blobs.delete(key).catch(() => {});
        throw error;
      }
      file = { ext: probed.ext, mime: probed.mime, size };
    }
    const id = await insertItem(this.db, pool, sha256, credits);
    let outcome: AddOutcome;
    if (id !== undefined) outcome = known ? 'linked' : 'added';
    // Known in this pool: the credits given now are the corrected ones.
    else outcome = (await updateCredits(this.db, pool, sha256, credits)) ? 'updated' : 'duplicate';
    this.invalidate(pool);
    return { outcome, sha256, ...file };
  }

  private checkKind(pool: string, file: { mime: string; durationMs: number | null }): void {
    const mismatch = kindMismatch(pool, file);
    if (mismatch) throw new WrongKindError(mismatch);
  }

  /** Removes scratch files an interrupted import left behind; young ones may belong to an import still running. */
  async sweepTemp(maxAgeMs = 3_600_000): Promise<number> {
    const names = await readdir(this.tmpDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const path = join(this.tmpDir, name);
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile() && Date.now() - info.mtimeMs > maxAgeMs) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Takes a file out of a pool; deletes the bytes when no pool uses them any more. */
  async remove(pool: string, sha256: string): Promise<{ removed: boolean; fileDeleted: boolean }> {
    const file = await findFile(this.db, sha256);
    const removed = await deleteItem(this.db, pool, sha256);
    this.invalidate(pool);
    if (!removed || !file) return { removed, fileDeleted: false };
    const fileDeleted = await deleteFileIfUnused(this.db, sha256);
    // The row goes first: an object without a row is only waste, a row without its object a broken link.
    if (fileDeleted) await this.blobs.delete(this.keyOf(sha256, file.ext));
    return { removed, fileDeleted };
  }

  /** The items of a pool, from a short-lived cache: picks happen on every request. */
  poolItems(pool: string): Promise<MediaItem[]> {
    return this.cached(itemsKey(pool), () => listPoolItems(this.db, pool));
  }

  /**
   * Items per pool, from the same short-lived cache: a pick across pools (/random/*, /anime/random,
   * the vault's every draw) needs them each time, and counting is a pass over every item.
   */
  cachedCounts(): Promise<Map<string, number>> {
    return this.cached('counts', () => countByPool(this.db));
  }

  /**
   * The pool's items when the cache holds them already read, at once; undefined when they would
   * have to be read (poolItems then). For a pick that needs no promise (MediaPicker.pickNow).
   */
  poolItemsNow(pool: string): MediaItem[] | undefined {
    const held = this.fresh(itemsKey(pool), Date.now());
    return held?.settled?.value as MediaItem[] | undefined;
  }

  /** The cache's entry for this key while it is younger than `cacheMs`. */
  private fresh(key: string, now: number): CacheEntry | undefined {
    const held = this.cache.get(key);
    return held && now - held.at < this.cacheMs ? held : undefined;
  }

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const held = this.fresh(key, now);
    if (held) return held.value as Promise<T>;
    const value = load();
    const entry: CacheEntry = { at: now, value };
    this.cache.set(key, entry);
    value.then(
      (loaded) => {
        entry.settled = { value: loaded };
      },
      () => {
        if (this.cache.get(key) === entry) this.cache.delete(key);
      },
    );
    return value;
  }

  invalidate(pool?: string): void {
    if (pool === undefined) {
      this.cache.clear();
      return;
    }
    this.cache.delete(itemsKey(pool));
    this.cache.delete('counts');
  }

  /** Items per pool, counted now (the live figures of /pools and the stats). */
  counts(): Promise<Map<string, number>> {
    return countByPool(this.db);
  }

  async stats(): Promise<{ files: number; bytes: number; pools: Record<string, number> }> {
    const [totals, counts] = await Promise.all([fileTotals(this.db), countByPool(this.db)]);
    return { ...totals, pools: Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b))) };
  }

  findFile(sha256: string) {
    return findFile(this.db, sha256);
  }

  poolsOfFile(sha256: string): Promise<string[]> {
    return poolsOfFile(this.db, sha256);
  }
}
