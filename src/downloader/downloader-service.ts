import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { queueUnavailable, rateLimited } from '../lib/problem.js';
import { type Engine, EngineError, type EngineLimits } from './engine.js';
import { abortError } from './engines/run-process.js';
import {
  type BusMessage,
  CANCELLED_BY_CLIENT,
  currentEvent,
  type JobEvent,
  type JobRecord,
  type JobRequest,
  newJobRecord,
} from './job.js';
import type { Platform } from './platforms.js';
import { ProgressThrottle } from './progress-throttle.js';
import type { JobQueue } from './queue/job-queue.js';
import type { ResultsStore } from './results-store.js';
import type { JobStore } from './store/job-store.js';
import { MemoryJobStore } from './store/memory-job-store.js';
import { UnreachableError } from './unreachable.js';

export interface DownloaderSettings {
  limits: EngineLimits;
  /** Queued plus running jobs one client may have. */
  maxActivePerClient: number;
  retentionSeconds: number;
  /** Least time between two progress reports of one job. */
  progressIntervalMs: number;
  /**
   * How long a cancel waits for the instance running the job to stop it; after that the job is
   * ended from where the cancel came (its instance is taken to be gone).
   */
  cancelWaitMs: number;
  /**
   * How many times a job may be started in all: a job whose instance stopped mid-run is handed to
   * another worker (the shared queue notices the stall) and started again, up to this many times;
   * after that it ends failed.
   */
  attempts: number;
}

export const DEFAULT_SETTINGS: Omit<DownloaderSettings, 'retentionSeconds'> = {
  limits: { maxBytes: 2 * 1024 ** 3, timeoutMs: 15 * 60_000 },
  maxActivePerClient: 3,
  progressIntervalMs: 500,
  cancelWaitMs: 10_000,
  attempts: 2,
};

/** A shared-state failure becomes a 503 the client can retry; anything else stays what it was. */
function unreachableAs503(error: unknown): unknown {
  return error instanceof UnreachableError ? queueUnavailable() : error;
}

export interface JobView {
  job: JobRecord;
  position: number | null;
}

/** What became of a cancel: the job ended cancelled, it had ended already (as it is now), or there is no such job. */
export type CancelResult =
  | { outcome: 'cancelled'; view: JobView }
  | { outcome: 'ended'; view: JobView }
  | { outcome: 'unknown' };

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

  /**
   * Queues a job for a client, or refuses with 429 when the client has too many, or with 503
   * (QUEUE_UNAVAILABLE) when the shared queue cannot be reached. The client is its network
   * (lib/client-network.ts), so the addresses of one IPv6 /64 share one cap.
   */
  async submit(request: JobRequest, clientNetwork: string): Promise<JobView> {
    const client = createHash('sha256').update(clientNetwork).digest('base64url').slice(0, 16);
    const job = newJobRecord(request, client);
    // Asked first, so that a queue known to be down leaves no record behind.
    if (!this.queue.reachable()) throw queueUnavailable();
    let created: boolean;
    try {
      created = await this.store.create(job, this.settings.maxActivePerClient);
    } catch (error) {
      throw unreachableAs503(error);
    }
    if (!created) {
      throw rateLimited(
        30,
        `You already have ${this.settings.maxActivePerClient} downloads queued or running; wait for one to finish.`,
      );
    }
    try {
      const position = await this.store.position(job.id);
      await this.queue.add(job.id);
      return { job, position };
    } catch (error) {
      // Recorded but not queued: no worker would ever take it. Undone where Redis still answers.
      await this.end(
        job,
        new EngineError('DOWNLOAD_FAILED', 'The download could not be queued; try again.'),
      ).catch(() => undefined);
      throw unreachableAs503(error);
    }
  }

  async view(id: string): Promise<JobView | null> {
    try {
      const job = await this.store.get(id);
      if (!job) return null;
      return { job, position: job.state === 'queued' ? await this.store.position(id) : null };
    } catch (error) {
      throw unreachableAs503(error);
    }
  }

  /** The current event of a job, for a newcomer. */
  async currentEvent(id: string): Promise<JobEvent | null> {
    const view = await this.view(id);
    return view ? currentEvent(view.job, view.position) : null;
  }

  /** Whether this instance hears every instance's job events right now (false while Redis is down). */
  following(): boolean {
    return this.store.following();
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
    if (message.kind === 'cancel') {
      // A client cancelled a job elsewhere; if it runs here, stop it (fail() then ends it).
      this.running
        .get(message.id)
        ?.abort(new EngineError(CANCELLED_BY_CLIENT.code, CANCELLED_BY_CLIENT.message));
    } else if (message.kind === 'job') {
      for (const listener of this.listeners.get(message.event.id) ?? []) listener(message);
    } else {
      // A move of the line, or the bus lost: every job's listeners hear it.
      for (const set of this.listeners.values()) for (const listener of set) listener(message);
    }
  }

  /**
   * Cancels a queued or running job for a client. A queued job leaves the line and the queue and
   * never starts. A running one is stopped by the instance that runs it (this one, or another over
   * the bus), which removes its files and ends it `failed`/`CANCELLED`, the same way the shutdown
   * does; this waits for that end. A job that finishes at the same moment ends either done
   * (`ended`) or cancelled, never both: every change of state is one conditional store update.
   */
  async cancel(id: string): Promise<CancelResult> {
    try {
      return await this.cancelOnce(id);
    } catch (error) {
      throw unreachableAs503(error);
    }
  }

  private async cancelOnce(id: string): Promise<CancelResult> {
    for (;;) {
      const job = await this.store.get(id);
      if (!job) return { outcome: 'unknown' };
      if (job.state === 'running') return this.cancelRunning(job);
      if (job.state !== 'queued') return { outcome: 'ended', view: { job, position: null } };
      const ended = await this.end(
        job,
        new EngineError(CANCELLED_BY_CLIENT.code, CANCELLED_BY_CLIENT.message),
      );
      if (ended) return { outcome: 'cancelled', view: { job: ended, position: null } };
      // A worker took it (or another cancel ended it) meanwhile: look again.
    }
  }

  private async cancelRunning(job: JobRecord): Promise<CancelResult> {
    const id = job.id;
    const cancelled = new EngineError(CANCELLED_BY_CLIENT.code, CANCELLED_BY_CLIENT.message);
    let end = await this.untilEnded(id, this.settings.cancelWaitMs, async () => {
      const controller = this.running.get(id);
      if (controller) controller.abort(cancelled);
      // Not here: ask the instance that runs it. (Nobody has it while it is being recorded as done.)
      else await this.store.publish({ kind: 'cancel', id });
    });
    if (end === 'timeout') {
      // No instance answered for it (the one running it is gone): end it from here.
      const current = await this.store.get(id);
      const ended = current?.state === 'running' ? await this.end(current, cancelled) : null;
      if (ended) return { outcome: 'cancelled', view: { job: ended, position: null } };
      end = await this.store.get(id);
    }
    if (!end) return { outcome: 'unknown' };
    const view = { job: end, position: null };
    return end.state === 'failed' && end.error?.code === 'CANCELLED'
      ? { outcome: 'cancelled', view }
      : { outcome: 'ended', view };
  }

  /**
   * Runs `act`, then waits until the running job `id` has ended (woken by its final event, which
   * is published after the record is written) and returns the record; 'timeout' after `ms`.
   */
  private async untilEnded(
    id: string,
    ms: number,
    act: () => Promise<void>,
  ): Promise<JobRecord | null | 'timeout'> {
    let wake = () => {};
    // Listen first, then act and read: a final event in between is not lost.
    const stop = this.watch(id, (message) => {
      if (message.kind === 'job' && (message.event.type === 'done' || message.event.type === 'error')) wake();
    });
    const deadline = Date.now() + ms;
    try {
      await act();
      for (;;) {
        const woken = new Promise<void>((resolve) => {
          wake = resolve;
        });
        const job = await this.store.get(id);
        if (job?.state !== 'running') return job;
        const left = deadline - Date.now();
        if (left <= 0) return 'timeout';
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([woken, new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
        clearTimeout(timer);
      }
    } finally {
      stop();
    }
  }

  /** A worker's turn with one job. */
  private async process(id: string): Promise<void> {
    let job = await this.store.get(id);
    if (!job) return;
    if (job.state === 'running') {
      // Handed out again: the instance running it stopped (or lost Redis for longer than its lock).
      job = await this.takeOver(job);
      if (!job) return;
    }
    // Cancelled (or otherwise ended) while it waited.
    if (job.state !== 'queued') return;

    // Known here before the record says running, so a cancel that reads "running" finds it.
    const controller = new AbortController();
    this.running.set(id, controller);
    job.state = 'running';
    job.startedAt = new Date().toISOString();
    job.progress = { percent: 0, speed: null, eta: null };
    job.attempt = (job.attempt ?? 0) + 1;
    let started = false;
    try {
      started = await this.store.update(job, 'queued');
    } finally {
      if (!started) this.running.delete(id);
    }
    if (!started) return; // a cancel got there first
    // The record says running now: a failure to tidy the line must not leave it stuck there.
    const tidy = (error: unknown) =>
      this.log.warn({ err: error, job: id }, 'could not update the waiting line');
    await this.store.leaveLine(id).catch(tidy);
    await this.store.publish({ kind: 'queue-moved' }).catch(tidy);

    const timer = setTimeout(
      () => controller.abort(new EngineError('TIMEOUT', 'The download took longer than allowed.')),
      this.settings.limits.timeoutMs,
    );
    // The engine's process and sockets keep the server alive while it works; this deadline alone
    // must not keep a closed app's process waiting out DOWNLOAD_TIMEOUT.
    timer.unref();
    // Writes of one job go through one chain, so a late progress write never overwrites the end.
    // Each is made only while the record still says running; when it does not, the job was
    // ended elsewhere (see cancelRunning) and this worker stops it too.
    let writes: Promise<boolean> = Promise.resolve(true);
    const write = (change: (current: JobRecord) => JobEvent | null) => {
      writes = writes
        .then(async () => {
          const event = change(job);
          if (!(await this.store.update(job, 'running'))) {
            controller.abort(new EngineError(CANCELLED_BY_CLIENT.code, CANCELLED_BY_CLIENT.message));
            return false;
          }
          if (event) await this.store.publish({ kind: 'job', event });
          return true;
        })
        .catch((error) => {
          this.log.warn({ err: error, job: id }, 'download state write failed');
          return true;
        });
      return writes;
    };
    const throttle = new ProgressThrottle(this.settings.progressIntervalMs);

    try {
      await this.store.publish({ kind: 'job', event: { type: 'progress', id, ...job.progress } });
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
      // Taken over meanwhile (this instance had seemed gone): the record and the files are the
      // new run's, so this run stores nothing and records nothing.
      if (await this.takenOver(job)) return;
      // Into the blob store, from where every instance serves them; fail() removes them again.
      await this.results.publish(id, files);
      if (controller.signal.aborted) throw abortError(controller.signal);
      // The point of no return: from here a cancel or the timeout finds nothing to abort.
      this.running.delete(id);
      clearTimeout(timer);
      const recorded = await write((j) => {
        const now = Date.now();
        j.state = 'done';
        j.finishedAt = new Date(now).toISOString();
        j.expiresAt = new Date(now + this.settings.retentionSeconds * 1000).toISOString();
        j.progress = { percent: 100, speed: null, eta: 0 };
        j.files = files;
        return { type: 'done', id, files };
      });
      // Ended elsewhere meanwhile (a cancel nobody here answered in time): no files behind a
      // failed job. Taken over instead: the files are the new run's.
      if (!recorded && !(await this.takenOver(job))) await this.results.remove(id);
    } catch (error) {
      await writes;
      await this.fail(job, controller.signal.aborted ? abortError(controller.signal) : error);
    } finally {
      clearTimeout(timer);
      this.running.delete(id);
      await this.store.release(job).catch(() => undefined);
    }
  }

  /**
   * A running job handed out again, its run lost with its instance. While it has starts left it
   * goes back to queued (watchers hear `queued`, then this worker's progress) and is started
   * here; the lost run, should it still be about, can no longer write (its attempt is not the
   * record's). Otherwise it ends failed. Null when it is not for this worker to run.
   */
  private async takeOver(job: JobRecord): Promise<JobRecord | null> {
    if ((job.attempt ?? 1) >= this.settings.attempts) {
      const stopped = new EngineError(
        'DOWNLOAD_FAILED',
        'The server running this download stopped, also on the retry; try again.',
      );
      await this.end(job, stopped);
      return null;
    }
    const requeued: JobRecord = { ...job, state: 'queued', startedAt: null, progress: null };
    if (!(await this.store.update(requeued, 'running'))) return null;
    this.log.warn({ job: job.id, attempt: job.attempt }, 'taking over a download whose instance stopped');
    await this.store
      .publish({ kind: 'job', event: { type: 'queued', id: job.id, position: 1 } })
      .catch((error) => this.log.warn({ err: error, job: job.id }, 'could not announce the retry'));
    return requeued;
  }

  /** Whether another run has taken this run's job over (read fresh; unknown counts as no). */
  private async takenOver(run: JobRecord): Promise<boolean> {
    const current = await this.store.get(run.id).catch(() => null);
    return current !== null && (current.attempt ?? 0) !== (run.attempt ?? 0);
  }

  /**
   * Ends a job this worker runs as failed: its files removed first, then the record and the
   * message (the worker is the only one that could still record it done, so the order is safe).
   * A run that has been taken over leaves the files alone: they are the new run's.
   */
  private async fail(job: JobRecord, error: unknown): Promise<void> {
    if (!(await this.takenOver(job))) {
      await this.results
        .remove(job.id)
        .catch((e) => this.log.error({ err: e, job: job.id }, 'could not remove files'));
    }
    const jobError =
      error instanceof EngineError
        ? { code: error.code, message: error.message }
        : { code: 'DOWNLOAD_FAILED', message: 'The download failed.' };
    if (!(error instanceof EngineError))
      this.log.error({ err: error, job: job.id }, 'download failed unexpectedly');
    else if (error.code === 'STORAGE_UNAVAILABLE')
      this.log.error({ err: error.cause, job: job.id }, 'finished download could not be stored');
    else if (error.code !== 'CANCELLED') {
      // What the tool or the platform said stays here, with the job id; the client gets the code.
      this.log.warn(
        {
          job: job.id,
          platform: job.platform,
          code: error.code,
          ...(error.detail ? { detail: error.detail } : {}),
          ...(error.cause ? { err: error.cause } : {}),
        },
        'download failed',
      );
    }
    job.state = 'failed';
    job.finishedAt = new Date().toISOString();
    job.files = [];
    job.error = jobError;
    // Already ended elsewhere, and announced there.
    if (!(await this.store.update(job, 'running'))) return;
    await this.store.release(job);
    await this.store.publish({ kind: 'job', event: { type: 'error', id: job.id, ...jobError } });
  }

  /**
   * Ends a queued job, or a running one no worker here runs, as failed. The record goes first (so
   * a worker that is still about can no longer start it or record it done), then the files, the
   * place in line and in the queue, the client's count, and last the message. Returns the ended
   * record, or null when the job had moved on from the state it was read in.
   */
  private async end(job: JobRecord, error: EngineError): Promise<JobRecord | null> {
    const from = job.state;
    const jobError = { code: error.code, message: error.message };
    const ended: JobRecord = {
      ...job,
      state: 'failed',
      finishedAt: new Date().toISOString(),
      files: [],
      error: jobError,
    };
    if (!(await this.store.update(ended, from))) return null;
    await this.results
      .remove(job.id)
      .catch((e) => this.log.error({ err: e, job: job.id }, 'could not remove files'));
    if (from === 'queued') {
      await this.queue.remove(job.id);
      await this.store.leaveLine(job.id);
      // The jobs behind it move up.
      await this.store.publish({ kind: 'queue-moved' });
    }
    await this.store.release(ended);
    await this.store.publish({ kind: 'job', event: { type: 'error', id: job.id, ...jobError } });
    return ended;
  }

  /**
   * The retention sweep: finished downloads past their time lose their files and become
   * `expired`; files nobody accounts for (a crash, a lost record) go once they are old.
   */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    const retentionMs = this.settings.retentionSeconds * 1000;
    for (const { id, lastModified } of await this.results.list()) {
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
      const age = now - lastModified;
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
          !(await this.results.has(job.id))
        ) {
          job.state = 'expired';
          job.files = [];
          await this.store.put(job);
        }
      }
    }
    return removed;
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
