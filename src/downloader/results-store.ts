import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { loadOnce } from '../lib/load-once.js';
import type { BlobStore } from '../lib/storage/blob-store.js';
import { StorageUnavailableError } from '../lib/storage/blob-store.js';
import { EngineError } from './engine.js';
import type { JobFile } from './job.js';

const loadFileType = loadOnce(() => import('file-type'));

/** Leftovers of interrupted tools, never results. */
const TEMPORARY = /\.(part|ytdl|temp|tmp)$|\.part-Frag\d+|^\./i;

const BY_EXTENSION: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.mov': 'video/quicktime',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.opus': 'audio/ogg',
  '.ogg': 'audio/ogg',
  '.aac': 'audio/aac',
  '.flac': 'audio/flac',
  '.wav': 'audio/wav',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

/** Finished downloads in the blob store: downloads/<job id>/<file name> (docs/storage.md). */
const PREFIX = 'downloads/';

/** A job with files somewhere, and when they last changed: what the retention sweep looks at. */
export interface StoredJob {
  id: string;
  lastModified: number;
}

/**
 * A job's files: written by the engine into a local work folder of this instance (dirOf), then,
 * once collected, put into the blob store, from where any instance serves them, and the work
 * folder removed.
 */
export class ResultsStore {
  constructor(
    readonly blobs: BlobStore,
    /** Local folder of the engines' work folders (DATA_DIR/tmp/downloads). */
    readonly workRoot: string,
  ) {}

  /** The local folder the engine writes this job's files into. */
  dirOf(id: string): string {
    return join(this.workRoot, id);
  }

  private prefixOf(id: string): string {
    return `${PREFIX}${id}/`;
  }

  async prepare(id: string): Promise<string> {
    const dir = this.dirOf(id);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    return dir;
  }

  /** Removes a job's files wherever they are: its work folder here and its stored files. */
  async remove(id: string): Promise<void> {
    await rm(this.dirOf(id), { recursive: true, force: true });
    await this.blobs.deletePrefix(this.prefixOf(id));
  }

  /** Whether a job has files anywhere (stored, or still in its work folder here). */
  async has(id: string): Promise<boolean> {
    const local = await stat(this.dirOf(id)).then(
      () => true,
      () => false,
    );
    return local || (await this.names(id)).length > 0;
  }

  /** The names of a job's stored files. */
  async names(id: string): Promise<string[]> {
    const names: string[] = [];
    for await (const { key } of this.blobs.list(this.prefixOf(id)))
      names.push(key.slice(this.prefixOf(id).length));
    return names;
  }

  /** Every job with stored files or a work folder here, with when its files last changed. */
  async list(): Promise<StoredJob[]> {
    const jobs = new Map<string, number>();
    const seen = (id: string, at: number) => jobs.set(id, Math.max(jobs.get(id) ?? 0, at));
    for await (const { key, lastModified } of this.blobs.list(PREFIX)) {
      const id = key.slice(PREFIX.length).split('/')[0];
      if (id) seen(id, lastModified.getTime());
    }
    const local = await readdir(this.workRoot, { withFileTypes: true }).catch(() => []);
    for (const entry of local) {
      if (!entry.isDirectory()) continue;
      const info = await stat(join(this.workRoot, entry.name)).catch(() => undefined);
      if (info) seen(entry.name, info.mtimeMs);
    }
    return [...jobs].map(([id, lastModified]) => ({ id, lastModified }));
  }

  /**
   * The results an engine left in its work folder: temporary files dropped, sizes and types read
   * (magic bytes first, the extension as a fallback), the total checked against the job's size limit.
   */
  async collect(id: string, maxBytes: number): Promise<JobFile[]> {
    const dir = this.dirOf(id);
    const files: JobFile[] = [];
    let total = 0;
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (!entry.isFile() || TEMPORARY.test(entry.name)) {
        await rm(join(dir, entry.name), { recursive: true, force: true });
        continue;
      }
      // A backslash is a plain character in a Linux file name, but no part of a storage key.
      let name = entry.name;
      if (name.includes('\\')) {
        name = name.replaceAll('\\', '_');
        await rename(join(dir, entry.name), join(dir, name));
      }
      const size = (await stat(join(dir, name))).size;
      total += size;
      files.push({ name, size, mime: await mimeOf(join(dir, name)) });
    }
    if (total > maxBytes) throw new EngineError('TOO_LARGE', `The media is larger than ${maxBytes} bytes.`);
    if (files.length === 0) throw new EngineError('NO_MEDIA', 'No media was found at that link.');
    return files.sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Puts the collected files into the blob store (moved there on the disk backend, uploaded to a
   * bucket) and removes the work folder. A storage failure leaves none of them stored and fails
   * the job with STORAGE_UNAVAILABLE.
   */
  async publish(id: string, files: JobFile[]): Promise<void> {
    const dir = this.dirOf(id);
    try {
      for (const file of files) {
        await this.blobs.put(
          `${this.prefixOf(id)}${file.name}`,
          { path: join(dir, file.name) },
          { contentType: file.mime, consume: true },
        );
      }
    } catch (error) {
      await this.blobs.deletePrefix(this.prefixOf(id)).catch(() => {});
      if (!(error instanceof StorageUnavailableError)) throw error;
      throw new EngineError(
        'STORAGE_UNAVAILABLE',
        'The finished files could not be stored; try again in a moment.',
        error,
      );
    }
    await rm(dir, { recursive: true, force: true });
  }

  /** The storage key of a result file, or null when the name is not a plain file name. */
  locate(id: string, name: string): string | null {
    if (!/^[^/\\\0]+$/.test(name) || name.startsWith('.')) return null;
    return `${this.prefixOf(id)}${name}`;
  }
}

async function mimeOf(path: string): Promise<string> {
  const detected = await (await loadFileType()).fileTypeFromFile(path);
  const byName = BY_EXTENSION[extname(path).toLowerCase()];
  // file-type calls every MP4 container video; the extension knows an audio-only .m4a.
  if (detected && byName?.startsWith('audio/') && detected.mime.startsWith('video/')) return byName;
  // audio/mp4 is the registered name of what file-type calls audio/x-m4a.
  if (detected?.mime === 'audio/x-m4a') return 'audio/mp4';
  return detected?.mime ?? byName ?? 'application/octet-stream';
}
