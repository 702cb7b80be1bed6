import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { ManifestRow } from './manifest.js';
import type { Credits } from './media-repository.js';
import type { AddOutcome, MediaStore } from './media-store.js';

export interface RowResult {
  row: ManifestRow;
  /** `skipped`: imported by an earlier run (resumed); `failed`: nothing changed, see `reason`. */
  outcome: AddOutcome | 'skipped' | 'failed';
  sha256?: string;
  reason?: string;
  bytes: number;
}

export interface ManifestImportOptions {
  /** Relative `path`s are read from here: the manifest's directory. */
  baseDir: string;
  /** Rows worked on at once. */
  parallel: number;
  /** The largest file taken, local or remote. */
  maxBytes: number;
  /** Fetches a remote file; throws with a message fit for the operator. The safe fetcher in production. */
  fetchBytes: (url: string, maxBytes: number) => Promise<Buffer>;
  /** Keys (`rowKey`) of rows an earlier run imported: skipped without fetching. */
  done: ReadonlySet<string>;
  onResult?: (result: RowResult) => void | Promise<void>;
  /** Once aborted, no further row is begun (those under way end as they end). */
  signal?: AbortSignal;
}

/** What makes a row the same row in another run: its pool and where its file comes from. */
export function rowKey(row: ManifestRow): string {
  return `${row.pool}\t${'url' in row.source ? row.source.url : row.source.path}`;
}

function creditsOf(row: ManifestRow): Credits {
  const c = row.credits;
  return {
    artistName: c.artist_name,
    artistHref: c.artist_href,
    sourceUrl: c.source_url,
    animeName: c.anime_name,
  };
}

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

async function importRow(
  store: MediaStore,
  row: ManifestRow,
  options: ManifestImportOptions,
): Promise<RowResult> {
  if (options.done.has(rowKey(row))) return { row, outcome: 'skipped', bytes: 0 };
  try {
    if ('url' in row.source) {
      const bytes = await options.fetchBytes(row.source.url, options.maxBytes);
      const added = await store.addBuffer(row.pool, bytes, creditsOf(row));
      return { row, outcome: added.outcome, sha256: added.sha256, bytes: bytes.length };
    }
    const path = isAbsolute(row.source.path) ? row.source.path : resolve(options.baseDir, row.source.path);
    const info = await stat(path);
    if (!info.isFile()) return { row, outcome: 'failed', reason: 'path: not a file', bytes: 0 };
    if (info.size > options.maxBytes) {
      return {
        row,
        outcome: 'failed',
        reason: `too large (${mib(info.size)}; at most ${mib(options.maxBytes)})`,
        bytes: 0,
      };
    }
    const added = await store.addFile(row.pool, path, creditsOf(row));
    return { row, outcome: added.outcome, sha256: added.sha256, bytes: info.size };
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'path: no such file' : (error as Error).message;
    return { row, outcome: 'failed', reason, bytes: 0 };
  }
}

/**
 * Imports manifest rows into the media store, `parallel` at a time. Every row ends in one result:
 * stored (added, linked, updated), a duplicate, skipped (done before) or failed with a reason; a
 * failed row leaves nothing behind (the store writes only media that passed its checks).
 */
export async function importManifestRows(
  store: MediaStore,
  rows: ManifestRow[],
  options: ManifestImportOptions,
): Promise<RowResult[]> {
  const results: RowResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < rows.length && !options.signal?.aborted) {
      const row = rows[next++] as ManifestRow;
      const result = await importRow(store, row, options);
      results.push(result);
      await options.onResult?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.parallel, rows.length)) }, worker));
  return results.sort((a, b) => a.row.line - b.row.line);
}
