import { randomBytes } from 'node:crypto';
import { constants, createWriteStream, type Stats } from 'node:fs';
import { access, copyFile, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type BlobInfo,
  BlobNotFoundError,
  type BlobSource,
  type BlobStore,
  type ByteSpan,
  checkKey,
  checkPrefix,
  isBufferSource,
  isPathSource,
  type LocalCopy,
  type PutOptions,
  StorageUnavailableError,
} from './blob-store.js';

/** Where writes in progress live until they are renamed into place; list() never shows dot-names. */
const PARTIAL_DIR = '.partial';

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

const errnoOf = (error: unknown) => (error as NodeJS.ErrnoException)?.code;

/**
 * Objects as files below a local directory (DATA_DIR by default), each key its relative path: the
 * layout Kizuna always had (docs/storage.md), so existing data keeps working. A write goes to a
 * partial file first and is renamed into place, so a half-written object is never seen.
 */
export class DiskBlobBackend implements BlobStore {
  readonly kind = 'disk';
  readonly description: string;

  constructor(readonly root: string) {
    this.description = `disk ${root}`;
  }

  /** The file of a key; the key is checked, so the path never leaves the root. */
  pathOf(key: string): string {
    return join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, source: BlobSource, options: PutOptions = {}): Promise<void> {
    const target = this.pathOf(key);
    let sourceError: unknown;
    if (!isBufferSource(source) && !isPathSource(source)) source.once('error', (e) => (sourceError = e));
    try {
      await mkdir(dirname(target), { recursive: true });
      if (isPathSource(source) && options.consume) {
        try {
          await rename(source.path, target);
          return;
        } catch (error) {
          // Another file system: copied below instead.
          if (errnoOf(error) !== 'EXDEV') throw error;
        }
      }
      const partialDir = join(this.root, PARTIAL_DIR);
      await mkdir(partialDir, { recursive: true });
      const partial = join(partialDir, randomBytes(12).toString('hex'));
      try {
        if (isBufferSource(source)) await writeFile(partial, source, { flag: 'wx' });
        else if (isPathSource(source)) await copyFile(source.path, partial, constants.COPYFILE_EXCL);
        else await pipeline(source as Readable, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      if (isPathSource(source) && options.consume) await rm(source.path, { force: true });
    } catch (error) {
      // A source that cannot be read is the caller's problem, not the storage's.
      if (error === sourceError) throw error;
      if (
        isPathSource(source) &&
        errnoOf(error) === 'ENOENT' &&
        (error as NodeJS.ErrnoException).path === source.path
      )
        throw error;
      throw failure(error);
    }
  }

  async get(key: string, span?: ByteSpan): Promise<Readable> {
    const path = this.pathOf(key);
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (MISSING.has(errnoOf(error) ?? '')) throw new BlobNotFoundError(key);
      throw failure(error);
    }
    try {
      if (!(await handle.stat()).isFile()) throw new BlobNotFoundError(key);
    } catch (error) {
      await handle.close();
      throw failure(error);
    }
    return handle.createReadStream(span ? { start: span.start, end: span.end } : {});
  }

  async head(key: string): Promise<BlobInfo | undefined> {
    const info = await stat(this.pathOf(key)).catch((error) => {
      if (MISSING.has(errnoOf(error) ?? '')) return undefined;
      throw failure(error);
    });
    return info?.isFile() ? describe(key, info) : undefined;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true }).catch((error) => {
      throw failure(error);
    });
  }

  async deletePrefix(prefix: string): Promise<number> {
    // An empty prefix would mean the whole root, which holds the SQLite database by default.
    if (checkPrefix(prefix) === '') throw new Error('deletePrefix needs a prefix');
    let removed = 0;
    for await (const { key } of this.list(prefix)) {
      await this.delete(key);
      removed++;
    }
    // A prefix that is a folder (downloads/<job>/) goes with its files.
    if (prefix.endsWith('/')) {
      await rm(join(this.root, ...prefix.slice(0, -1).split('/')), { recursive: true, force: true }).catch(
        (error) => {
          throw failure(error);
        },
      );
    }
    return removed;
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    checkPrefix(prefix);
    const slash = prefix.lastIndexOf('/');
    yield* this.walk(slash >= 0 ? prefix.slice(0, slash) : '', prefix);
  }

  /** The files below the folder of `dirKey` whose keys start with `prefix`; dot-names skipped. */
  private async *walk(dirKey: string, prefix: string): AsyncIterable<BlobInfo> {
    const dir = dirKey === '' ? this.root : join(this.root, ...dirKey.split('/'));
    const entries = await readdir(dir, { withFileTypes: true }).catch((error) => {
      if (MISSING.has(errnoOf(error) ?? '')) return [];
      throw failure(error);
    });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.')) continue;
      const key = dirKey === '' ? entry.name : `${dirKey}/${entry.name}`;
      if (entry.isDirectory()) {
        if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* this.walk(key, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        // Gone between readdir and stat: a delete running beside us.
        const info = await stat(join(dir, entry.name)).catch(() => undefined);
        if (info) yield describe(key, info);
      }
    }
  }

  async localCopy(key: string): Promise<LocalCopy> {
    // The stored file is a local file already; tools only read it.
    if (!(await this.exists(key))) throw new BlobNotFoundError(key);
    return { path: this.pathOf(key), release: async () => {} };
  }

  async check(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true });
      await access(this.root, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw failure(error);
    }
  }

  async sweepPartials(maxAgeMs: number, now = Date.now()): Promise<number> {
    const dir = join(this.root, PARTIAL_DIR);
    const names = await readdir(dir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const info = await stat(join(dir, name)).catch(() => undefined);
      if (!info || now - info.mtimeMs < maxAgeMs) continue;
      await rm(join(dir, name), { recursive: true, force: true });
      removed++;
    }
    return removed;
  }

  async close(): Promise<void> {}
}

function describe(key: string, info: Stats): BlobInfo {
  return {
    key,
    size: info.size,
    lastModified: info.mtime,
    etag: `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`,
  };
}

/** Errors of the file system itself (full, read-only, no permission, I/O) are storage failures. */
function failure(error: unknown): unknown {
  if (error instanceof BlobNotFoundError || error instanceof StorageUnavailableError) return error;
  if (typeof errnoOf(error) === 'string') return new StorageUnavailableError(error);
  return error;
}
