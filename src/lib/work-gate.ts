import { Problem } from './problem.js';

export interface WorkGateOptions {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks that may wait for a free slot; one more is refused at once. */
  queue: number;
  /** How long a waiting task waits before it is refused. */
  waitMs: number;
  /** Retry-After of a refusal, in seconds. */
  retryAfterSeconds: number;
  /** What is busy, for the refusal's detail. */
  what: string;
}

/**
 * Bounded concurrency for heavy work (image decoding): at most `concurrency` tasks at once, a
 * short line behind them, and a 503 problem with Retry-After for whoever finds the line full or
 * waits too long, so a burst costs a bounded amount of memory instead of all of it. Written here
 * because the gate needs the problem refusal and a bounded queue, which p-limit-like helpers
 * leave to the caller.
 */
export class WorkGate {
  #active = 0;
  readonly #waiting: Array<{ start: () => void }> = [];

  constructor(readonly options: WorkGateOptions) {}

  get active(): number {
    return this.#active;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.#enter();
    try {
      return await task();
    } finally {
      this.#leave();
    }
  }

  #busy(): Problem {
    return new Problem('SERVICE_UNAVAILABLE', `Too busy ${this.options.what}; try again shortly.`, {
      headers: { 'retry-after': String(this.options.retryAfterSeconds) },
    });
  }

  #enter(): Promise<void> {
    if (this.#active < this.options.concurrency) {
      this.#active += 1;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.options.queue) return Promise.reject(this.#busy());
    return new Promise<void>((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(timer);
          this.#active += 1;
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const index = this.#waiting.indexOf(entry);
        if (index >= 0) this.#waiting.splice(index, 1);
        reject(this.#busy());
      }, this.options.waitMs);
      timer.unref();
      this.#waiting.push(entry);
    });
  }

  #leave(): void {
    this.#active -= 1;
    this.#waiting.shift()?.start();
  }
}

/**
 * Every decode of an untrusted image (logos, imported media) in this process goes through this
 * gate: two at a time, each bounded by IMAGE_PIXEL_BUDGET, about 2 × 4 bytes × the budget at
 * worst instead of one such image per request in flight.
 */
export const imageDecoding = new WorkGate({
  concurrency: 2,
  queue: 8,
  waitMs: 3000,
  retryAfterSeconds: 5,
  what: 'decoding images',
});

/** The most pixels (width × height × frames) one untrusted image may have: sharp's limitInputPixels. */
export const IMAGE_PIXEL_BUDGET = 40_000_000;
