import { generateDemoStills, generateDemoVideo, planDemoContent } from './demo-content.js';
import type { MediaStore } from './media-store.js';

export interface DemoJobLogger {
  info(object: unknown, message: string): void;
  warn(object: unknown, message: string): void;
  error(object: unknown, message: string): void;
}

/**
 * Demo content made beside start-up rather than inside it: generating takes a few seconds on a
 * quiet machine and far more on a busy one, more than Fastify's plugin timeout allows, and ffmpeg
 * may hang. The server waits for the stills at most a moment (waitForStills) and answers in any
 * case; the rest, the video always, arrives in the background. Until then, and when something
 * fails, `emptyReason` tells the catalog why a pool is empty.
 */
export class DemoContentJob {
  private readonly abort = new AbortController();
  /** Pools whose starter files are on their way. */
  private readonly pending = new Set<string>();
  /** Why a pool stayed empty, by pool. */
  private readonly failures = new Map<string, string>();
  private readonly stills: Promise<void>;
  private readonly finished: Promise<void>;

  constructor(
    store: MediaStore,
    private readonly options: { ffmpegPath: string; log: DemoJobLogger },
  ) {
    const started = Date.now();
    const planned = planDemoContent(store).then((plan) => {
      for (const pool of plan.stills) this.pending.add(pool);
      if (plan.video) this.pending.add('menuvid');
      return plan;
    });
    let files = 0;
    this.stills = planned
      .then(async (plan) => {
        files += await generateDemoStills(store, plan.stills, {
          signal: this.abort.signal,
          onFilled: (pool) => this.pending.delete(pool),
        });
      })
      .catch((error: unknown) => this.fail(error, 'demo media could not be generated'));
    const video = planned
      .then(async (plan) => {
        if (!plan.video) return;
        const result = await generateDemoVideo(store, { ...options, signal: this.abort.signal });
        files += result.files;
        this.pending.delete('menuvid');
        if (result.unavailable) {
          this.failures.set('menuvid', result.unavailable);
          options.log.warn({ reason: result.unavailable }, 'the menuvid pool stays empty');
        }
      })
      .catch((error: unknown) => this.fail(error, 'the demo video could not be stored'));
    this.finished = Promise.all([this.stills, video]).then(() => {
      if (files > 0) options.log.info({ files, ms: Date.now() - started }, 'demo media generated');
    });
  }

  /** Every pool still pending has failed with this error (after an abort, nothing is reported). */
  private fail(error: unknown, message: string): void {
    const reason = (error as Error).message ?? String(error);
    for (const pool of this.pending) this.failures.set(pool, `the demo files failed: ${reason}`);
    this.pending.clear();
    if (!this.abort.signal.aborted) this.options.log.error({ err: error }, message);
  }

  /** Waits until the stills are stored, but never longer than `ms`. */
  async waitForStills(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.stills, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  /** Resolves once everything is generated (or has failed); for tests and tools. */
  whenFinished(): Promise<void> {
    return this.finished;
  }

  /** Why a pool is empty as far as demo content goes: on its way, or failed. */
  emptyReason(pool: string): string | undefined {
    if (this.pending.has(pool)) {
      return pool === 'menuvid'
        ? 'A demo video is being generated, try again in a few seconds'
        : 'Demo files are being generated, try again in a few seconds';
    }
    const failure = this.failures.get(pool);
    if (failure) return `No ${pool === 'menuvid' ? 'videos' : 'files'} yet: ${failure}`;
    return undefined;
  }

  /** Stops between files, kills ffmpeg and waits, so nothing writes to a closed database. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.finished;
  }
}
