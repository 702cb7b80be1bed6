import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { EngineError } from './engine.js';
import type { JobFile } from './job.js';

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

/** Where finished downloads live on this instance: one directory per job under DATA_DIR/downloads. */
export class ResultsStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'downloads');
  }

  dirOf(id: string): string {
    return join(this.root, id);
  }

  async prepare(id: string): Promise<string> {
    const dir = this.dirOf(id);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    return dir;
  }

  async remove(id: string): Promise<void> {
    await rm(this.dirOf(id), { recursive: true, force: true });
  }

  /** Job ids with a directory here. */
  async list(): Promise<string[]> {
    try {
      return (await readdir(this.root, { withFileTypes: true }))
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
    } catch {
      return [];
    }
  }

  /**
   * The results an engine left: temporary files dropped, sizes and types read (magic bytes
   * first, the extension as a fallback), the total checked against the job's size limit.
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
      const size = (await stat(join(dir, entry.name))).size;
      total += size;
      files.push({ name: entry.name, size, mime: await mimeOf(join(dir, entry.name)) });
    }
    if (total > maxBytes) throw new EngineError('TOO_LARGE', `The media is larger than ${maxBytes} bytes.`);
    if (files.length === 0) throw new EngineError('NO_MEDIA', 'No media was found at that link.');
    return files.sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Where a result file lies, as the job's directory and the file's name in it (a file server
   * is given the directory as its root), or null when the name is not a plain file name.
   */
  locate(id: string, name: string): { root: string; name: string } | null {
    if (!/^[^/\\\0]+$/.test(name) || name === '.' || name === '..') return null;
    return { root: this.dirOf(id), name };
  }
}

async function mimeOf(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const detected = await fileTypeFromBuffer(head.subarray(0, bytesRead));
    const byName = BY_EXTENSION[extname(path).toLowerCase()];
    // file-type calls every MP4 container video; the extension knows an audio-only .m4a.
    if (detected && byName?.startsWith('audio/') && detected.mime.startsWith('video/')) return byName;
    // audio/mp4 is the registered name of what file-type calls audio/x-m4a.
    if (detected?.mime === 'audio/x-m4a') return 'audio/mp4';
    return detected?.mime ?? byName ?? 'application/octet-stream';
  } finally {
    await handle.close();
  }
}
