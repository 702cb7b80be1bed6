import { createWriteStream } from 'node:fs';
import { appendFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SafeFetchError, safeFetch } from '../lib/safe-fetch.js';
import { ALL_CATEGORIES, isValidPoolName } from './categories.js';
import { progressBar, progressText } from './import-progress.js';
import {
  formatManifest,
  formatOfName,
  ManifestError,
  type ManifestFormat,
  parseManifest,
} from './manifest.js';
import { importManifestRows, type RowResult, rowKey } from './manifest-import.js';
import { listItems } from './media-repository.js';
import type { MediaStore } from './media-store.js';
import { mediaKey } from './media-types.js';

export class ManifestUsageError extends Error {}

export interface ManifestIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** A terminal gets a live bar redrawn in place; anything else a plain line now and then. */
  progress?: { isTTY: boolean; write: (text: string) => void };
  now?: () => number;
  /** Remote files; the safe fetcher (https, public addresses only, size and time bounded) by default. */
  fetchBytes?: (url: string, maxBytes: number) => Promise<Buffer>;
}

export interface ImportManifestSettings {
  file: string;
  knownPools: (pool: string) => boolean;
  parallel: number;
  maxBytes: number;
}

const PLAIN_PROGRESS_MS = 10_000;
const FETCH_TIMEOUT_MS = 60_000;

/**
 * How a manifest's remote files are fetched, by the command and by the admin import alike: the
 * safe fetcher (https, public addresses only, size and time bounded), its refusals in words fit
 * for a row's reason. `allowLoopbackForTests` is for tests only.
 */
export function manifestFetcher(
  testing: { allowLoopbackForTests?: boolean } = {},
): (url: string, maxBytes: number) => Promise<Buffer> {
  return async (url, maxBytes) => {
    try {
      return (
        await safeFetch(url, {
          maxBytes,
          timeoutMs: FETCH_TIMEOUT_MS,
          allowPrivateForTests: testing.allowLoopbackForTests,
        })
      ).body;
    } catch (error) {
      if (error instanceof SafeFetchError) throw new Error(`url: ${error.message}`);
      throw error;
    }
  };
}

const safeFetchBytes = manifestFetcher();

/** The journal of rows a run imported (beside the manifest): what lets an interrupted import resume. */
export const journalOf = (file: string) => `${file}.imported`;
/** The rows of the last run that failed, as a manifest to fix and import again. */
export const failedFileOf = (file: string) => `${file}.failed.ndjson`;

async function readJournal(path: string): Promise<Set<string>> {
  try {
    const text = await readFile(path, 'utf8');
    // Each line: pool, source, sha256, tab-separated; the first two are the row's key.
    return new Set(
      text
        .split('\n')
        .filter((l) => l.includes('\t'))
        .map((l) => l.split('\t').slice(0, 2).join('\t')),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw error;
  }
}

/** `npm run media -- import-manifest FILE`: returns the exit code (1 when any row failed). */
export async function importManifestCommand(
  store: MediaStore,
  settings: ImportManifestSettings,
  io: ManifestIo,
): Promise<number> {
  const format = formatOfName(settings.file);
  if (!format) throw new ManifestUsageError('the manifest must end in .json, .ndjson, .jsonl or .csv');
  let text: string;
  try {
    text = await readFile(settings.file, 'utf8');
  } catch (error) {
    throw new ManifestUsageError(`cannot read the manifest ${settings.file}: ${(error as Error).message}`);
  }
  let parsed: ReturnType<typeof parseManifest>;
  try {
    parsed = parseManifest(text, format, settings.knownPools);
  } catch (error) {
    if (error instanceof ManifestError) throw new ManifestUsageError(error.message);
    throw error;
  }
  const now = io.now ?? Date.now;
  const journal = journalOf(settings.file);
  const done = await readJournal(journal);
  const label = format === 'json' ? 'item' : 'line';
  for (const problem of parsed.problems) io.err(`failed     ${label} ${problem.line}: ${problem.reason}`);

  const started = now();
  let lastPlain = started;
  const state = { total: parsed.rows.length, done: 0, failed: 0, bytes: 0, elapsedMs: 0 };
  const drawn = () => {
    state.elapsedMs = now() - started;
    if (!io.progress) return;
    if (io.progress.isTTY) io.progress.write(`\r${progressBar(state)} ${progressText(state)}\u001b[K`);
    else if (now() - lastPlain >= PLAIN_PROGRESS_MS || state.done === state.total) {
      lastPlain = now();
      io.progress.write(`progress: ${progressText(state)}\n`);
    }
  };
  const say = (line: string) => {
    if (io.progress?.isTTY) io.progress.write('\r\u001b[K');
    io.out(line);
  };
  const sayErr = (line: string) => {
    if (io.progress?.isTTY) io.progress.write('\r\u001b[K');
    io.err(line);
  };

  const results = await importManifestRows(store, parsed.rows, {
    baseDir: dirname(settings.file),
    parallel: settings.parallel,
    maxBytes: settings.maxBytes,
    fetchBytes: io.fetchBytes ?? safeFetchBytes,
    done,
    onResult: async (result: RowResult) => {
      state.done += 1;
      state.bytes += result.bytes;
      const where = `${label} ${result.row.line}`;
      if (result.outcome === 'failed') {
        state.failed += 1;
        sayErr(`failed     ${where}: ${result.reason}`);
      } else if (result.outcome === 'duplicate') {
        say(`duplicate  ${where}: already in ${result.row.pool} (${result.sha256}), nothing changed`);
      } else if (result.outcome !== 'skipped') {
        say(`${result.outcome.padEnd(10)} ${where} → ${result.row.pool}/${result.sha256}`);
      }
      if (result.sha256 && result.outcome !== 'skipped') {
        await appendFile(journal, `${rowKey(result.row)}\t${result.sha256}\n`);
      }
      drawn();
    },
  });
  if (io.progress?.isTTY) io.progress.write('\n');

  const count = (outcome: RowResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  const failedRows = [
    ...parsed.problems.flatMap((p) => (p.raw ? [p.raw] : [])),
    ...results.filter((r) => r.outcome === 'failed').map((r) => r.row.raw),
  ];
  const failed = parsed.problems.length + count('failed');
  const failedFile = failedFileOf(settings.file);
  if (failedRows.length) await writeFile(failedFile, formatManifest(failedRows as never, 'ndjson'));
  else await rm(failedFile, { force: true });
  io.out(
    `${parsed.rows.length + parsed.problems.length} rows: ${count('added')} added, ${count('linked')} linked to stored bytes, ` +
      `${count('updated')} credits updated, ${count('duplicate')} duplicates, ${count('skipped')} imported before, ${failed} failed`,
  );
  if (failed) io.err(`the failed rows are in ${failedFile}; fix them and import that file`);
  return failed ? 1 : 0;
}

/**
 * `npm run media -- export-manifest DIR`: every item (or one pool's) as a file under DIR/files and a
 * row in DIR/manifest.<format> that import-manifest reads back, credits included.
 */
export async function exportManifestCommand(
  store: MediaStore,
  settings: { dir: string; pool?: string; format: ManifestFormat },
  io: ManifestIo,
): Promise<number> {
  if (settings.pool !== undefined && !isValidPoolName(settings.pool)) {
    throw new ManifestUsageError(`"${settings.pool}" is no pool name`);
  }
  const items = await listItems(store.db, settings.pool, Number.MAX_SAFE_INTEGER);
  await mkdir(join(settings.dir, 'files'), { recursive: true });
  const rows: Array<Record<string, string | undefined>> = [];
  for (const item of items.reverse()) {
    const name = `${item.sha256}.${item.ext}`;
    await pipeline(
      await store.blobs.get(mediaKey(item.sha256, item.ext)),
      createWriteStream(join(settings.dir, 'files', name)),
    );
    rows.push({
      path: `files/${name}`,
      [ALL_CATEGORIES.includes(item.pool) ? 'category' : 'pool']: item.pool,
      artist_name: item.artist_name ?? undefined,
      artist_href: item.artist_href ?? undefined,
      source_url: item.source_url ?? undefined,
      anime_name: item.anime_name ?? undefined,
    });
  }
  const manifest = join(settings.dir, `manifest.${settings.format}`);
  await writeFile(manifest, formatManifest(rows, settings.format));
  io.out(`${rows.length} items exported to ${manifest}`);
  return 0;
}
