import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobQueue } from './job-queue.js';

const QUEUE_NAME = 'downloads';

/**
 * The shared queue on Redis: every instance runs `workers` BullMQ workers on one queue, so a
 * job posted to any instance runs on whichever has a free slot.
 */
export class BullmqQueue implements JobQueue {
  private readonly queueConnection: Redis;
  private readonly workerConnection: Redis;
  private readonly queue: Queue;
  private worker: Worker | null = null;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly workers: number,
  ) {
    // BullMQ's blocking commands need connections of their own that retry for ever.
    this.queueConnection = redis.duplicate({ maxRetriesPerRequest: null });
    this.workerConnection = redis.duplicate({ maxRetriesPerRequest: null });
    this.queue = new Queue(QUEUE_NAME, { connection: this.queueConnection, prefix: this.bullPrefix });
  }

  private get bullPrefix(): string {
    return `${this.prefix}bull`;
  }

  async start(processor: (id: string) => Promise<void>): Promise<void> {
    this.worker = new Worker<{ id: string }>(QUEUE_NAME, async (job) => processor(job.data.id), {
      connection: this.workerConnection,
      prefix: this.bullPrefix,
      concurrency: this.workers,
    });
    this.worker.on('error', () => undefined);
    await this.worker.waitUntilReady();
  }

  async add(id: string): Promise<void> {
    await this.queue.add(
      QUEUE_NAME,
      { id },
      { jobId: id, removeOnComplete: true, removeOnFail: true, attempts: 1 },
    );
  }

  async remove(id: string): Promise<void> {
    // Not removed (0, or an error) when a worker already holds the job's lock, or it is gone:
    // either way no worker runs it, since the processor finds the job no longer queued.
    await this.queue.remove(id).catch(() => 0);
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    for (const connection of [this.queueConnection, this.workerConnection]) {
      await connection.quit().catch(() => connection.disconnect());
    }
  }
}
