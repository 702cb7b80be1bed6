/**
 * A sliding-log limiter for our own outbound requests (Jikan asks for at most 3 per second and
 * 60 per minute). Written here because the npm limiters either guard inbound traffic or bring a
 * scheduler we do not need: the whole rule is "the Lth last start must be a window ago".
 */
export interface Window {
  limit: number;
  ms: number;
}

export interface LimiterOptions {
  windows: Window[];
  /** A caller that would wait longer than this is refused instead of queued. */
  maxWaitMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export class LimiterBusyError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`outbound limit reached; next slot in ${retryAfterMs} ms`);
    this.name = 'LimiterBusyError';
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class RateLimiter {
  /** Start times granted so far (possibly in the future), non-decreasing, trimmed to the largest limit. */
  private readonly starts: number[] = [];
  private readonly keep: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: LimiterOptions) {
    this.keep = Math.max(...options.windows.map((w) => w.limit));
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? defaultSleep;
  }

  /** The earliest start a new request may have, given every start granted before it. */
  nextSlot(at: number): number {
    let slot = Math.max(at, this.starts.at(-1) ?? at);
    for (const { limit, ms } of this.options.windows) {
      if (this.starts.length >= limit) slot = Math.max(slot, this.starts[this.starts.length - limit] + ms);
    }
    return slot;
  }

  /** Books the next slot without waiting; null when it is further away than maxWaitMs. */
  reserve(at: number): number | null {
    const slot = this.nextSlot(at);
    if (slot - at > this.options.maxWaitMs) return null;
    this.starts.push(slot);
    if (this.starts.length > this.keep) this.starts.splice(0, this.starts.length - this.keep);
    return slot;
  }

  /** Waits for a slot and resolves with its start time; throws LimiterBusyError when the queue is too long. */
  async acquire(): Promise<number> {
    const at = this.now();
    const slot = this.reserve(at);
    if (slot === null) throw new LimiterBusyError(Math.ceil(this.nextSlot(at) - at));
    if (slot > at) await this.sleep(slot - at);
    return slot;
  }
}
