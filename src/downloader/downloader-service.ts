import { createHash, randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { rateLimited } from '../lib/problem.js';
import { type Engine, EngineError, type EngineLimits } from './engine.js';
import { abortError } from './engines/run-process.js';
import { type BusMessage, currentEvent, type JobEvent, type JobRecord, type JobRequest } from './job.js';
import type { Platform } from './platforms.js';
import { ProgressThrottle } from './progress-throttle.js';
import type { JobQueue } from './queue/job-queue.js';
import type { ResultsStore } from './results-store.js';
import type { JobStore } from './store/job-store.js';
import { MemoryJobStore } from './store/memory-job-store.js';

export interface DownloaderSettings {
  limits: EngineLimits;
  /** Queued plus running jobs one client may have. */
  maxActivePerClient: number;
  retentionSeconds: number;
  /** Least time between two progress reports of one job. */
  progressIntervalMs: number;
}

export const DEFAULT_SETTINGS: Omit<DownloaderSettings, 'retentionSeconds'> = {
  limits: { maxBytes: 2 * 1024 ** 3, timeoutMs: 15 * 60_000 },
  maxActivePerClient: 3,
  progressIntervalMs: 500,
};

export interface JobView {
  job: JobRecord;
  position: number | null;
}

/**
 * The downloader: takes requests, keeps the per-client limit, runs jobs on the queue's workers
 * through the platform's engine, records every change and tells every listener about it.
 */
export class DownloaderService {
  private readonly running = new Map<string, AbortController>();
  private readonly listeners = new Map<string, Set<(message: BusMessage) => void>>();
  private readonly unsubscribe: () => void;
  private closing = false;

  constructor(
    readonly store: JobStore,
    private readonly queue: JobQueue,
    readonly results: ResultsStore,
    /** Replaceable per platform (the benchmark and tests put their own engines here). */
    readonly engines: Record<Platform, Engine>,
    readonly settings: DownloaderSettings,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {
    this.unsubscribe = store.subscribe((message) => this.dispatch(message));
  }

  async start(): Promise<void> {
    await this.queue.start((id) => this.process(id));
  }

  /** Queues a job for a client, or refuses with 429 when the client has too many. */
  async submit(request: JobRequest, clientAddress: string): Promise<JobView> {
    const client = createHash('sha256').update(clientAddress).digest('base64url').slice(0, 16);
    if ((await this.store.activeCount(client)) >= this.settings.maxActivePerClient) {
      throw rateLimited(
        30,
        `You already have ${this.settings.maxActivePerClient} downloads queued or running; wait for one to finish.`,
      );
    }
    const job: JobRecord = {
      ...request,
      id: randomBytes(12).toString('base64url'),
      state: 'queued',
      client,
      createdAt: new Date().toISOString(),
      startedAt: null,
      finishedAt: null,
      expiresAt: null,
      progress: null,
      files: [],
      error: null,
    };
    await this.store.create(job);
    const position = await this.store.position(job.id);
    await this.queue.add(job.id);
    return { job, position };
  }

  async view(id: string): Promise<JobView | null> {
    const job = await this.store.get(id);
    if (!job) return null;
    return { job, position: job.state === 'queued' ? await this.store.position(id) : null };
  }

  /** The current event of a job, for a newcomer. */
  async currentEvent(id: string): Promise<JobEvent | null> {
    const view = await this.view(id);
    return view ? currentEvent(view.job, view.position) : null;
  }

  /** Messages about one job (and queue movements) from any instance. */
  watch(id: string, listener: (message: BusMessage) => void): () => void {
    const set = this.listeners.get(id) ?? new Set();
    set.add(listener);
    this.listeners.set(id, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(id);
    };
  }

  private dispatch(message: BusMessage): void {
    if (message.kind === 'job') {
      for (const listener of this.listeners.get(message.event.id) ?? []) listener(message);
    } else {
      for (const set of this.listeners.values()) for (const listener of set) listener(message);
    }
  }

  /** A worker's turn with one job. */
  private async process(id: string): Promise<void> {
    const job = await this.store.get(id);
    if (!job) return;
    if (job.state === 'running') {
      // Handed out again after the instance running it died: its partial files are gone with it.
      await this.fail(
        job,
        new EngineError('DOWNLOAD_FAILED', 'The server running this download stopped; try again.'),
      );
      return;
    }
    if (job.state !== 'queued') return;
    await this.store.leaveLine(id);
    await this.store.publish({ kind: 'queue-moved' });

    const controller = new AbortController();
    this.running.set(id, controller);
    const timer = setTimeout(
      () => controller.abort(new EngineError('TIMEOUT', 'The download took longer than allowed.')),
      this.settings.limits.timeoutMs,
    );
    // Writes of one job go through one chain, so a late progress write never overwrites the end.
    let writes: Promise<unknown> = Promise.resolve();
    const write = (change: (current: JobRecord) => JobEvent | null) => {
      writes = writes
        .then(async () => {
          const event = change(job);
          await this.store.put(job);
          if (event) await this.store.publish({ kind: 'job', event });
        })
        .catch((error) => this.log.warn({ err: error, job: id }, 'download state write failed'));
      return writes;
    };
    const throttle = new ProgressThrottle(this.settings.progressIntervalMs);

    try {
      await write((j) => {
        j.state = 'running';
        j.startedAt = new Date().toISOString();
        j.progress = { percent: 0, speed: null, eta: null };
        return { type: 'progress', id, ...j.progress };
      });
      const workDir = await this.results.prepare(id);
      const engine = this.engines[job.platform];
      await engine.run({
        request: job,
        workDir,
        signal: controller.signal,
        limits: this.settings.limits,
        onProgress: (progress) => {
          if (controller.signal.aborted || !throttle.pass(progress.percent)) return;
          void write((j) => {
            j.progress = progress;
            return { type: 'progress', id, ...progress };
          });
        },
      });
      if (controller.signal.aborted) throw abortError(controller.signal);
      const files = await this.results.collect(id, this.settings.limits.maxBytes);
      await write((j) => {
        const now = Date.now();
        j.state = 'done';
        j.finishedAt = new Date(now).toISOString();
        j.expiresAt = new Date(now + this.settings.retentionSeconds * 1000).toISOString();
        j.progress = { percent: 100, speed: null, eta: 0 };
        j.files = files;
        return { type: 'done', id, files };
      });
    } catch (error) {
      await writes;
      await this.fail(job, controller.signal.aborted ? abortError(controller.signal) : error);
    } finally {
      clearTimeout(timer);
      this.running.delete(id);
      await this.store.release(job).catch(() => undefined);
    }
  }

  /** Ends a job as failed: its files removed first, then the record and the message. */
  private async fail(job: JobRecord, error: unknown): Promise<void> {
    await this.results
      .remove(job.id)
      .catch((e) => this.log.error({ err: e, job: job.id }, 'could not remove files'));
    const jobError =
      error instanceof EngineError
        ? { code: error.code, message: error.message }
        : { code: 'DOWNLOAD_FAILED', message: 'The download failed.' };
    if (!(error instanceof EngineError))
      this.log.error({ err: error, job: job.id }, 'download failed unexpectedly');
    job.state = 'failed';
    job.finishedAt = new Date().toISOString();
    job.files = [];
    job.error = jobError;
    await this.store.put(job);
    await this.store.release(job);
    await this.store.publish({ kind: 'job', event: { type: 'error', id: job.id, ...jobError } });
  }

  /**
   * The retention sweep: finished downloads past their time lose their files and become
   * `expired`; directories nobody accounts for (a crash, a lost record) go once they are old.
   */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    const retentionMs = this.settings.retentionSeconds * 1000;
    for (const id of await this.results.list()) {
      if (this.running.has(id)) continue;
      const job = await this.store.get(id);
      if (job?.state === 'done') {
        if (!job.expiresAt || Date.parse(job.expiresAt) > now) continue;
        await this.results.remove(id);
        job.state = 'expired';
        job.files = [];
        await this.store.put(job);
        await this.store.publish({ kind: 'job', event: currentEvent(job, null) });
        removed++;
        continue;
      }
      const age =
        now -
        (await stat(this.results.dirOf(id)).then(
          (s) => s.mtimeMs,
          () => now,
        ));
      const stale =
        !job || job.state === 'failed' || job.state === 'expired' || age > this.settings.limits.timeoutMs * 2;
      if (stale && age > Math.min(retentionMs, this.settings.limits.timeoutMs)) {
        await this.results.remove(id);
        removed++;
      }
    }
    if (this.store instanceof MemoryJobStore) {
      // Redis forgets records by TTL; in memory, records of long-ended jobs are dropped here.
      for (const job of this.store.all()) {
        // An ended record is kept for one retention period more, so clients can still learn what became of it.
        const ended =
          job.state === 'expired' ? job.expiresAt : job.state === 'failed' ? job.finishedAt : null;
        if (ended && now - Date.parse(ended) > retentionMs) await this.store.delete(job.id);
        if (
          job.state === 'done' &&
          job.expiresAt &&
          Date.parse(job.expiresAt) <= now &&
          !(await this.hasDir(job.id))
        ) {
          job.state = 'expired';
          job.files = [];
          await this.store.put(job);
        }
      }
    }
    return removed;
  }

  private async hasDir(id: string): Promise<boolean> {
    return stat(this.results.dirOf(id)).then(
      () => true,
      () => false,
    );
  }

  /** Running jobs are cancelled (and cleaned up) before the workers stop. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    for (const controller of this.running.values()) {
      controller.abort(new EngineError('CANCELLED', 'The server is shutting down; try again.'));
    }
    await this.queue.close();
    this.unsubscribe();
    await this.store.close();
  }
}
