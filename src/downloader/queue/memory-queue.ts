import type { JobQueue } from './job-queue.js';

/** The single-process queue: a FIFO line and `workers` concurrent slots. */
export class MemoryQueue implements JobQueue {
  private readonly waiting: string[] = [];
  private readonly running = new Set<Promise<void>>();
  private processor: ((id: string) => Promise<void>) | null = null;
  private closed = false;

  constructor(private readonly workers: number) {}

  async start(processor: (id: string) => Promise<void>): Promise<void> {
    this.processor = processor;
    this.pump();
  }

  async add(id: string): Promise<void> {
    if (this.closed) throw new Error('the queue is closed');
    this.waiting.push(id);
    this.pump();
  }

  reachable(): boolean {
    return !this.closed;
  }

  async remove(id: string): Promise<void> {
    const at = this.waiting.indexOf(id);
    if (at !== -1) this.waiting.splice(at, 1);
  }

  private pump(): void {
    while (this.processor && !this.closed && this.running.size < this.workers && this.waiting.length > 0) {
      const id = this.waiting.shift()!;
      const task: Promise<void> = this.processor(id)
        .catch(() => undefined)
        .finally(() => {
          this.running.delete(task);
          this.pump();
        });
      this.running.add(task);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    await Promise.all(this.running);
  }
}
