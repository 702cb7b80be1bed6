import { collectGarbageSoon } from '../lib/collect-garbage-soon.js';
import { demoRemovedAt, generateDemoContent, planDemoContent } from './demo-content.js';
import type { MediaStore } from './media-store.js';

export interface DemoJobLogger {
  info(object: unknown, message: string): void;
  warn(object: unknown, message: string): void;
  error(object: unknown, message: string): void;
}

/**
 * Demo content made beside start-up rather than inside it: some 1,300 files take seconds of two
 * cores' time, more on a busy machine, more than Fastify's plugin timeout allows, and ffmpeg may
 * hang. The generators are child processes at low priority (demo-content.ts), so the server
 * answers meanwhile. Every pool gets its first file within the first seconds (the files come
 * round by round); start-up waits for that a moment (waitForFirstFiles), the rest fills in after.
 * Until a pool has a file, and when something fails, `emptyReason` tells the catalog why.
 */
export class DemoContentJob {
  private readonly abort = new AbortController();
  /** Pools with no file yet whose first demo file is on its way. */
  private readonly pending = new Set<string>();
  /** Why a pool stayed empty, by pool. */
  private readonly failures = new Map<string, string>();
  /** When the operator removed demo content (nothing is generated then). */
  private removedAt?: string;
  private readonly firstFiles: Promise<void>;
  private readonly finished: Promise<void>;

  constructor(
    store: MediaStore,
    private readonly options: { ffmpegPath: string; log: DemoJobLogger; quick?: boolean },
  ) {
    const { log } = options;
    let firstDone: () => void = () => {};
    this.firstFiles = new Promise((resolve) => {
      firstDone = resolve;
    });
    let planned = false;
    const checkFirst = () => {
      if (planned && this.pending.size === 0) firstDone();
    };
    this.finished = (async () => {
      const removedAt = await demoRemovedAt(store);
      if (removedAt) {
        this.removedAt = removedAt;
        log.info(
          { removedAt },
          'demo content was removed by the operator and is not generated ("npm run media -- demo add" brings it back)',
        );
        return;
      }
      const plan = await planDemoContent(store, options.ffmpegPath, this.abort.signal);
      for (const { pool, have } of plan.pools) if (have === 0) this.pending.add(pool);
      planned = true;
      checkFirst();
      if (plan.pools.length === 0 && plan.legacy.length === 0) return;
      const report = await generateDemoContent(store, plan, {
        ffmpegPath: options.ffmpegPath,
        signal: this.abort.signal,
        quick: options.quick,
        onPoolReady: (pool) => {
          this.pending.delete(pool);
          checkFirst();
        },
        onPoolDone: (pool, reason) => {
          if (this.pending.delete(pool)) this.failures.set(pool, reason ?? 'no demo file could be made');
          checkFirst();
        },
      });
      for (const { pool, reason } of report.short) {
        log.warn(
          { pool, reason },
          pool === 'menuvid' ? 'the menuvid pool stays empty' : 'a demo pool stays short',
        );
      }
      if (report.added > 0 || report.legacyRemoved > 0) {
        log.info(
          {
            files: report.added,
            bytes: report.bytes,
            ms: report.ms,
            pools: report.filled.length,
            replacedPlaceholders: report.legacyRemoved,
          },
          'demo media generated',
        );
      }
    })()
      .catch((error: unknown) => this.fail(error))
      .finally(() => {
        planned = true;
        firstDone();
        collectGarbageSoon();
      });
  }

  /** Every pool still pending has failed with this error (after an abort, nothing is reported). */
  private fail(error: unknown): void {
    const reason = (error as Error).message ?? String(error);
    for (const pool of this.pending) this.failures.set(pool, `the demo files failed: ${reason}`);
    this.pending.clear();
    if (!this.abort.signal.aborted)
      this.options.log.error({ err: error }, 'demo media could not be generated');
  }

  /** Waits until every empty pool has its first demo file, but never longer than `ms`. */
  async waitForFirstFiles(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.firstFiles, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  /** Resolves once everything is generated (or has failed); for tests and tools. */
  whenFinished(): Promise<void> {
    return this.finished;
  }

  /** Why a pool is empty as far as demo content goes: on its way, failed, or removed. */
  emptyReason(pool: string): string | undefined {
    if (this.pending.has(pool)) {
      return pool === 'menuvid'
        ? 'A demo video is being generated, try again in a few seconds'
        : 'Demo files are being generated, try again in a few seconds';
    }
    const failure = this.failures.get(pool);
    if (failure) return `No ${pool === 'menuvid' ? 'videos' : 'files'} yet: ${failure}`;
    if (this.removedAt)
      return `No ${pool === 'menuvid' ? 'videos' : 'files'} yet (the operator removed the demo content)`;
    return undefined;
  }

  /** Stops the generators (they kill ffmpeg) and waits, so nothing writes to a closed database. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.finished;
  }
}
