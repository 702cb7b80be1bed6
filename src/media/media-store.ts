import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
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
import { storedRelativePath } from './media-types.js';
import { NotMediaError, probeMedia } from './probe.js';

export interface StoreOptions {
  dataDir: string;
  ffmpegPath: string;
  /** How long a pool's item list is reused before it is read again (other instances and the CLI write too). */
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

/**
 * The content-addressed media store: files under DATA_DIR/media/files named by their SHA-256,
 * rows in the database saying which pools use them. Independent of HTTP, so the CLI uses it too.
 */
export class MediaStore {
  readonly root: string;
  private readonly tmpDir: string;
  private readonly cache = new Map<string, { at: number; items: Promise<MediaItem[]> }>();
  private readonly cacheMs: number;

  constructor(
    readonly db: Kysely<Database>,
    private readonly options: StoreOptions,
  ) {
    this.root = join(options.dataDir, 'media', 'files');
    this.tmpDir = join(options.dataDir, 'media', 'tmp');
    this.cacheMs = options.cacheMs ?? 5000;
  }

  absolutePath(sha256: string, ext: string): string {
    return join(this.root, storedRelativePath(sha256, ext));
  }

  /**
   * Adds a file from disk (copied, never moved) to a pool. Throws NotMediaError for anything but
   * media and WrongKindError for media the pool does not take (poolKind).
   */
  async addFile(pool: string, sourcePath: string, credits: Credits = {}): Promise<AddResult> {
    await mkdir(this.tmpDir, { recursive: true });
    const tmp = join(this.tmpDir, `${randomBytes(12).toString('hex')}.part`);
    try {
      const hash = createHash('sha256');
      const tap = new Transform({
        transform(chunk, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(createReadStream(sourcePath), tap, createWriteStream(tmp));
      return await this.commit(pool, tmp, hash.digest('hex'), credits);
    } finally {
      await rm(tmp, { force: true });
    }
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

  private async commit(pool: string, tmp: string, sha256: string, credits: Credits): Promise<AddResult> {
    const known = await findFile(this.db, sha256);
    let file: { ext: string; mime: string; size: number };
    if (known) {
      file = { ext: known.ext, mime: known.mime, size: Number(known.size) };
      this.checkKind(pool, { mime: known.mime, durationMs: known.duration_ms });
      // The row may outlive its file (a wiped disk); put the bytes back.
      await this.place(tmp, sha256, known.ext);
    } else {
      const probed = await probeMedia(tmp, this.options.ffmpegPath);
      // Checked before anything is kept: a refused file leaves no trace.
      this.checkKind(pool, probed);
      const size = (await stat(tmp)).size;
      await this.place(tmp, sha256, probed.ext);
      await insertFile(this.db, { sha256, size, ...probed });
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

  /** Renames the temporary file into place unless the same bytes are there already. */
  private async place(tmp: string, sha256: string, ext: string): Promise<void> {
    const target = this.absolutePath(sha256, ext);
    const present = await stat(target).then(
      () => true,
      () => false,
    );
    if (present) return;
    await mkdir(join(target, '..'), { recursive: true });
    await rename(tmp, target);
  }

  /** Removes partial files an interrupted import left behind; young ones may belong to an import still running. */
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
    if (fileDeleted) await rm(this.absolutePath(sha256, file.ext), { force: true });
    return { removed, fileDeleted };
  }

  /** The items of a pool, from a short-lived cache: picks happen on every request. */
  poolItems(pool: string): Promise<MediaItem[]> {
    const now = Date.now();
    const cached = this.cache.get(pool);
    if (cached && now - cached.at < this.cacheMs) return cached.items;
    const items = listPoolItems(this.db, pool);
    this.cache.set(pool, { at: now, items });
    items.catch(() => this.cache.delete(pool));
    return items;
  }

  invalidate(pool?: string): void {
    if (pool === undefined) this.cache.clear();
    else this.cache.delete(pool);
  }

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
