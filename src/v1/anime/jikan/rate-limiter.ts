/**
 * A sliding-log limiter for our own outbound requests (Jikan asks for at most 3 per second and
 * 60 per minute). Written here because the npm limiters either guard inbound traffic or bring a
 * scheduler we do not need: the whole rule is "the Lth last start must be a window ago".
 * Upstream can also ask for a pause (429 with Retry-After): no slot starts before it is over.
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
  /** No slot starts before this (upstream asked us to wait); 0 when not paused. */
  private pausedUntil = 0;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: LimiterOptions) {
    this.keep = Math.max(...options.windows.map((w) => w.limit));
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? defaultSleep;
  }

  /** Holds every new slot back until `ms` from now (a longer pause already in force stays). */
  pause(ms: number, at: number = this.now()): void {
    this.pausedUntil = Math.max(this.pausedUntil, at + Math.max(0, ms));
  }

  /** How long the current pause still lasts, 0 when there is none. */
  pausedFor(at: number = this.now()): number {
    return Math.max(0, this.pausedUntil - at);
  }

  /** The earliest start a new request may have, given every start granted before it and any pause. */
  nextSlot(at: number): number {
    let slot = Math.max(at, this.starts.at(-1) ?? at, this.pausedUntil);
    for (const { limit, ms } of this.options.windows) {
      if (this.starts.length >= limit) slot = Math.max(slot, this.starts[this.starts.length - limit] + ms);
    }
    return slot;
  }

  /** Books the next slot without waiting; null when it is further away than maxWaitMs (or the given, smaller wait). */
  reserve(at: number, maxWaitMs: number = this.options.maxWaitMs): number | null {
    const slot = this.nextSlot(at);
    if (slot - at > Math.min(maxWaitMs, this.options.maxWaitMs)) return null;
    this.starts.push(slot);
    if (this.starts.length > this.keep) this.starts.splice(0, this.starts.length - this.keep);
    return slot;
  }

  /**
   * Waits for a slot and resolves with its start time; throws LimiterBusyError when the slot is
   * further away than maxWaitMs (the limiter's own, or the caller's when smaller).
   */
  async acquire(maxWaitMs: number = this.options.maxWaitMs): Promise<number> {
    const at = this.now();
    const slot = this.reserve(at, maxWaitMs);
    if (slot === null) throw new LimiterBusyError(Math.ceil(this.nextSlot(at) - at));
    if (slot > at) await this.sleep(slot - at);
    return slot;
  }
}
