import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { settlesWithin } from '../../lib/settles-within.js';
import { reach, UnreachableError } from '../unreachable.js';
import type { JobQueue } from './job-queue.js';

const QUEUE_NAME = 'downloads';
/** How long a shutdown waits for each step of closing the queue. */
const CLOSE_WAIT_MS = 2000;

export interface BullmqQueueOptions {
  /** Concurrent jobs of this instance. */
  workers: number;
  /**
   * The lock a running job holds, renewed by its worker at half this; once it lapses (the instance
   * died, or lost Redis for this long) another worker's stall check, every half of it, hands the
   * job out again: within one to two of these after the instance stopped.
   */
  stallMs: number;
  /** How often a job is handed out after stalls; the processor ends it when that is spent. */
  maxStalls: number;
}

/**
 * The shared queue on Redis: every instance runs `workers` BullMQ workers on one queue, so a
 * job posted to any instance runs on whichever has a free slot, and a job whose instance stops
 * mid-run is handed to another (see `stallMs`).
 *
 * Two connections of their own, made for two different needs. Adding a job is part of a request,
 * so its connection refuses at once while Redis is down. The worker waits on blocking commands and
 * must ride out an outage: its connection keeps commands until it is back, has no command timeout
 * (BullMQ asks for maxRetriesPerRequest null there), and the worker tries again a second after a
 * failed fetch. Both connect at once and reconnect by themselves, so BullMQ never sees one that
 * has not been connected yet (it would give up on it for good).
 */
export class BullmqQueue implements JobQueue {
  private readonly queueConnection: Redis;
  private readonly workerConnection: Redis;
  private queue: Queue;
  private worker: Worker | null = null;
  /** Our processor's runs on this instance's workers. */
  private readonly running = new Set<Promise<void>>();

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly options: BullmqQueueOptions,
  ) {
    this.queueConnection = redis.duplicate({ lazyConnect: false, enableOfflineQueue: false });
    this.workerConnection = redis.duplicate({
      lazyConnect: false,
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      commandTimeout: undefined,
    });
    // The outage is logged once by the redis plugin; these would repeat it at every reconnect.
    for (const connection of [this.queueConnection, this.workerConnection])
      connection.on('error', () => undefined);
    this.queue = this.createQueue();
  }

  private get bullPrefix(): string {
    return `${this.prefix}bull`;
  }

  private createQueue(): Queue {
    const queue = new Queue(QUEUE_NAME, { connection: this.queueConnection, prefix: this.bullPrefix });
    queue.on('error', () => undefined);
    return queue;
  }

  async start(processor: (id: string) => Promise<void>): Promise<void> {
    const stallMs = this.options.stallMs;
    const run = async (id: string) => {
      const running = processor(id);
      this.running.add(running);
      try {
        await running;
      } finally {
        this.running.delete(running);
      }
    };
    this.worker = new Worker<{ id: string }>(QUEUE_NAME, async (job) => run(job.data.id), {
      connection: this.workerConnection,
      prefix: this.bullPrefix,
      concurrency: this.options.workers,
      lockDuration: stallMs,
      stalledInterval: Math.max(1000, Math.floor(stallMs / 2)),
      maxStalledCount: this.options.maxStalls,
      runRetryDelay: 1000,
    });
    this.worker.on('error', () => undefined);
  }

  /** Resolves once jobs can be added and the workers can take them. */
  async ready(): Promise<void> {
    await Promise.all([this.queue.waitUntilReady(), this.worker?.waitUntilReady()]);
  }

  async add(id: string): Promise<void> {
    if (!this.reachable()) throw new UnreachableError();
    const queue = this.queue;
    try {
      await queue.waitUntilReady();
    } catch {
      // Redis went away while BullMQ was setting the queue up, which it does not try again: a new one will.
      this.queue = this.createQueue();
      void queue.close().catch(() => undefined);
      throw new UnreachableError();
    }
    await reach(() =>
      queue.add(
        QUEUE_NAME,
        { id },
        {
          jobId: id,
          removeOnComplete: true,
          removeOnFail: true,
          // A processor that threw (Redis failed it right at the start) gets one more go.
          attempts: 2,
          backoff: { type: 'fixed', delay: 1000 },
        },
      ),
    );
  }

  reachable(): boolean {
    return this.queueConnection.status === 'ready';
  }

  async remove(id: string): Promise<void> {
    // Not removed (0, or an error) when a worker already holds the job's lock, or it is gone:
    // either way no worker runs it, since the processor finds the job no longer queued.
    await this.queue.remove(id).catch(() => 0);
  }

  /**
   * Stops taking jobs. The running ones the service has cancelled already: their runs end within
   * moments, and are waited for (not longer than CLOSE_WAIT_MS). BullMQ's own waiting is skipped
   * (a forced close): it would wait on Redis, for ever when Redis is gone, and what it would record
   * (the job's completion) is sent on the worker's connection before that connection's QUIT anyway.
   * A job whose completion never reaches Redis is handed out again after its lock lapses, and the
   * next worker finds it ended.
   */
  async close(): Promise<void> {
    const connections = [this.queueConnection, this.workerConnection];
    await settlesWithin(Promise.all(this.running), CLOSE_WAIT_MS);
    await settlesWithin(this.worker?.close(true) ?? Promise.resolve(), CLOSE_WAIT_MS);
    await settlesWithin(this.queue.close(), CLOSE_WAIT_MS);
    for (const connection of connections) {
      if (connection.status === 'ready') await connection.quit().catch(() => connection.disconnect());
      else connection.disconnect();
    }
  }
}
