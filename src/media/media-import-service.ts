import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { progressText } from './import-progress.js';
import { type ManifestFormat, parseManifest, type RowProblem } from './manifest.js';
import { importManifestRows, rowKey } from './manifest-import.js';
import {
  createImport,
  endImport,
  failedRows,
  findImport,
  type ImportRecord,
  importedRowKeys,
  latestImports,
  recordRow,
  rowCounts,
  runningImport,
} from './media-imports-repository.js';
import type { MediaStore } from './media-store.js';

export interface MediaImportSettings {
  /** Rows worked on at once. */
  parallel: number;
  /** The largest file taken. */
  maxBytes: number;
  /** Fetches a remote file; throws with a message fit for the operator (the safe fetcher). */
  fetchBytes: (url: string, maxBytes: number) => Promise<Buffer>;
  /** The pools a row may name. */
  knownPools: (pool: string) => boolean;
  /** The most rows one manifest may have. */
  maxRows: number;
  /** A running import whose heartbeat is older than this has lost its instance. */
  staleMs: number;
  log: { error: (object: object, message: string) => void };
}

/** A manifest that cannot be imported as sent: nothing was started. `problems` carry line numbers. */
export class ManifestRejected extends Error {
  constructor(
    message: string,
    readonly problems: RowProblem[] = [],
  ) {
    super(message);
    this.name = 'ManifestRejected';
  }
}

/** Another import is still running (on this instance or another). */
export class ImportRunning extends Error {
  constructor(readonly running: ImportRecord) {
    super(`import ${running.id} is still running`);
    this.name = 'ImportRunning';
  }
}

export interface ImportProgress {
  id: number;
  status: 'running' | 'done' | 'interrupted';
  format: ManifestFormat;
  startedBy: string;
  total: number;
  processed: number;
  counts: {
    added: number;
    linked: number;
    updated: number;
    duplicate: number;
    skipped: number;
    failed: number;
  };
  bytes: number;
  /** Bytes per second so far. */
  rate: number;
  /** Seconds left at the rate so far; null when done or not yet known. */
  etaSeconds: number | null;
  /** The same words as the command's progress lines. */
  summary: string;
  failures: Array<{ line: number; reason: string }>;
  startedAt: string;
  finishedAt: string | null;
}

const MAX_FAILURES_LISTED = 1000;

/**
 * Manifest imports started over HTTP, run in the background by the command's own code path
 * (importManifestRows: bounded parallelism, the safe fetcher, the store's magic-byte check and
 * dedup by hash). Every row's end is written to the database as it happens, so any instance
 * answers for the progress, and a row imported once is skipped by every later import of it: an
 * interrupted import resumes by sending the same manifest again.
 */
export class MediaImportService {
  private readonly running = new Map<number, { controller: AbortController; done: Promise<void> }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: MediaStore,
    private readonly settings: MediaImportSettings,
  ) {}

  /**
   * Checks the manifest and starts importing it; answers at once with the new import. Throws
   * ManifestRejected (with line numbers) for a manifest that cannot be read or has rows that break
   * a rule, and ImportRunning while another import runs.
   */
  async start(text: string, format: ManifestFormat, startedBy: string): Promise<ImportProgress> {
    let parsed: ReturnType<typeof parseManifest>;
    try {
      parsed = parseManifest(text, format, this.settings.knownPools);
    } catch (error) {
      throw new ManifestRejected((error as Error).message);
    }
    const problems = [...parsed.problems];
    for (const row of parsed.rows) {
      // Files on this server's disk are the command's business, not a request's.
      if ('path' in row.source)
        problems.push({
          line: row.line,
          reason: 'path: only url rows are imported over HTTP (npm run media -- import-manifest reads files)',
        });
    }
    if (problems.length > 0) {
      problems.sort((a, b) => a.line - b.line);
      throw new ManifestRejected(`${problems.length} rows of the manifest cannot be imported`, problems);
    }
    if (parsed.rows.length === 0) throw new ManifestRejected('the manifest has no rows');
    if (parsed.rows.length > this.settings.maxRows) {
      throw new ManifestRejected(
        `the manifest has ${parsed.rows.length} rows; at most ${this.settings.maxRows} at once (split it)`,
      );
    }
    const busy = await runningImport(this.db, new Date(Date.now() - this.settings.staleMs).toISOString());
    if (busy) throw new ImportRunning(busy);

    const record = await createImport(this.db, { format, total: parsed.rows.length, startedBy });
    const done = await importedRowKeys(this.db, parsed.rows.map(rowKey));
    const controller = new AbortController();
    const run = importManifestRows(this.store, parsed.rows, {
      baseDir: '/',
      parallel: this.settings.parallel,
      maxBytes: this.settings.maxBytes,
      fetchBytes: this.settings.fetchBytes,
      done,
      signal: controller.signal,
      onResult: (result) =>
        recordRow(this.db, record.id, {
          line: result.row.line,
          rowKey: rowKey(result.row),
          outcome: result.outcome,
          reason: result.reason,
          sha256: result.sha256,
          bytes: result.bytes,
        }),
    })
      .then(() => endImport(this.db, record.id, controller.signal.aborted ? 'interrupted' : 'done'))
      .catch(async (error) => {
        this.settings.log.error({ err: error, import: record.id }, 'media import stopped');
        await endImport(this.db, record.id, 'interrupted').catch(() => undefined);
      })
      .finally(() => this.running.delete(record.id));
    this.running.set(record.id, { controller, done: run });
    return this.toProgress(record);
  }

  async progress(id: number): Promise<ImportProgress | null> {
    const record = await findImport(this.db, id);
    return record ? this.toProgress(record) : null;
  }

  async latest(limit: number): Promise<ImportProgress[]> {
    return Promise.all((await latestImports(this.db, limit)).map((record) => this.toProgress(record)));
  }

  /** Stops every import this instance runs (rows under way end first); they are marked interrupted. */
  async close(): Promise<void> {
    const runs = [...this.running.values()];
    for (const run of runs) run.controller.abort();
    await Promise.all(runs.map((run) => run.done));
  }

  private async toProgress(record: ImportRecord): Promise<ImportProgress> {
    const [{ counts, bytes }, failures] = await Promise.all([
      rowCounts(this.db, record.id),
      failedRows(this.db, record.id, MAX_FAILURES_LISTED),
    ]);
    const count = (outcome: string) => counts[outcome] ?? 0;
    const processed = Object.values(counts).reduce((sum, n) => sum + n, 0);
    const stale = Date.parse(record.heartbeat_at) < Date.now() - this.settings.staleMs;
    const status =
      record.state === 'running' && stale && !this.running.has(record.id)
        ? 'interrupted'
        : (record.state as ImportProgress['status']);
    const end = record.finished_at ? Date.parse(record.finished_at) : Date.now();
    const elapsedMs = Math.max(0, end - Date.parse(record.created_at));
    const seconds = elapsedMs / 1000;
    return {
      id: record.id,
      status,
      format: record.format as ManifestFormat,
      startedBy: record.started_by,
      total: record.total,
      processed,
      counts: {
        added: count('added'),
        linked: count('linked'),
        updated: count('updated'),
        duplicate: count('duplicate'),
        skipped: count('skipped'),
        failed: count('failed'),
      },
      bytes,
      rate: seconds > 0 ? Math.round(bytes / seconds) : 0,
      etaSeconds:
        status === 'running' && processed > 0 && processed < record.total
          ? Math.round((seconds / processed) * (record.total - processed))
          : null,
      summary: progressText({
        total: record.total,
        done: processed,
        failed: count('failed'),
        bytes,
        elapsedMs,
      }),
      failures: failures.map((f) => ({ line: f.line, reason: f.reason ?? 'failed' })),
      startedAt: record.created_at,
      finishedAt: record.finished_at,
    };
  }
}
