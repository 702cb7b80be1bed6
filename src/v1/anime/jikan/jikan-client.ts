import { LimiterBusyError, RateLimiter } from './rate-limiter.js';
import { parseRetryAfter } from './retry-after.js';
import { UpstreamError } from './upstream-error.js';

export interface JikanClientOptions {
  /** e.g. https://api.jikan.moe/v4, without a trailing slash. */
  baseUrl: string;
  /** One attempt, headers and body included. */
  timeoutMs: number;
  /**
   * The whole question: waiting for a slot, every attempt, backoff and Retry-After waits.
   * Default 1.5 × timeoutMs; never less than timeoutMs.
   */
  budgetMs?: number;
  /** Attempts in all, the first included. */
  maxAttempts?: number;
  /** First backoff after a 5xx or a dropped connection; doubles with each retry. */
  backoffMs?: number;
  /** A 429's Retry-After pauses every question of this client for at most this long. Default 10 min. */
  maxPauseMs?: number;
  /** A question never queues longer than this for an outbound slot (the budget may allow less). */
  maxQueueMs?: number;
  limiter?: RateLimiter;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export type JikanResult = { found: true; body: unknown } | { found: false };

/** Jikan's published limits: 3 requests per second and 60 per minute. */
export function jikanLimiter(maxWaitMs: number): RateLimiter {
  return new RateLimiter({
    windows: [
      { limit: 3, ms: 1000 },
      { limit: 60, ms: 60_000 },
    ],
    maxWaitMs,
  });
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The Retry-After of a 429 that upstream asked us to honour: it pauses the whole client. */
class Paused extends Error {
  constructor(readonly ms: number) {
    super('upstream asked for a pause');
  }
}

/**
 * The one way Kizuna talks to Jikan v4. Every question has one time budget: every attempt waits
 * for the limiter, is bounded in time, and 429 / 5xx / dropped connections are retried with
 * backoff, but only while the budget leaves room for the retry. A 429's Retry-After pauses the
 * limiter, so no other question goes upstream before it is over. A timeout is not retried: a slow
 * upstream stays slow, and the caller should not wait twice.
 */
export class JikanClient {
  readonly limiter: RateLimiter;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly budgetMs: number;
  private readonly maxPauseMs: number;
  private readonly maxQueueMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;

  constructor(private readonly options: JikanClientOptions) {
    this.maxAttempts = options.maxAttempts ?? 3;
    this.backoffMs = options.backoffMs ?? 300;
    this.budgetMs = Math.max(options.timeoutMs, options.budgetMs ?? Math.round(options.timeoutMs * 1.5));
    this.maxPauseMs = options.maxPauseMs ?? 600_000;
    this.maxQueueMs = options.maxQueueMs ?? 10_000;
    this.limiter = options.limiter ?? jikanLimiter(this.maxQueueMs);
    this.sleep = options.sleep ?? sleepFor;
    this.now = options.now ?? (() => performance.now());
  }

  url(path: string, query: Record<string, string | number> = {}): string {
    const url = new URL(`${this.options.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
    return url.toString();
  }

  /**
   * GET a Jikan path. Resolves with the parsed body, or `found: false` on 404; throws
   * UpstreamError: `busy` (no slot in time, or paused by upstream; carries retryAfterMs),
   * `timeout` (an attempt or the budget ran out), `failed` (anything else).
   */
  async get(path: string, query: Record<string, string | number> = {}): Promise<JikanResult> {
    const url = this.url(path, query);
    const deadline = this.now() + this.budgetMs;
    let lastProblem = 'no attempt was made';
    // How long the previous attempt took: a retry is only worth starting when that much time is left.
    let lastDuration = 0;
    let delay = 0;
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      if (attempt > 1) {
        if (this.now() + delay + lastDuration > deadline) throw this.outOfTime(lastProblem);
        if (delay > 0) await this.sleep(delay);
      }
      // The first attempt keeps its full time; a retry needs at least what the last one took.
      const room = deadline - this.now() - (attempt === 1 ? this.options.timeoutMs : lastDuration);
      try {
        await this.limiter.acquire(Math.max(0, Math.min(this.maxQueueMs, room)));
      } catch (error) {
        if (error instanceof LimiterBusyError) {
          const paused = this.limiter.pausedFor() > 0;
          throw new UpstreamError(
            'busy',
            paused
              ? 'The anime database asked Kizuna to pause; try again later.'
              : 'Too many anime database questions at once.',
            error.retryAfterMs,
          );
        }
        throw error;
      }

      const started = this.now();
      const timeoutMs = Math.max(1, Math.floor(Math.min(this.options.timeoutMs, deadline - started)));
      delay = this.backoffMs * 2 ** (attempt - 1);
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json', 'user-agent': 'Kizuna (+anime data)' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        if (response.status === 200) {
          try {
            return { found: true, body: JSON.parse(text) };
          } catch {
            throw new UpstreamError('failed', 'The anime database sent a body that is not JSON.');
          }
        }
        if (response.status === 404) return { found: false };
        if (response.status !== 429 && response.status < 500) {
          throw new UpstreamError(
            'failed',
            `The anime database refused the question (HTTP ${response.status}).`,
          );
        }
        lastProblem = `HTTP ${response.status}`;
        if (response.status === 429) {
          const asked = parseRetryAfter(response.headers.get('retry-after'));
          if (asked !== null) throw new Paused(Math.min(asked, this.maxPauseMs));
        }
      } catch (error) {
        if (error instanceof UpstreamError) throw error;
        if (error instanceof Paused) {
          // Every question of this client waits now, this one included: its retry queues for
          // the end of the pause like any other question, or is refused when that is too far.
          this.limiter.pause(error.ms);
          delay = 0;
          if (attempt === this.maxAttempts) {
            throw new UpstreamError(
              'busy',
              'The anime database asked Kizuna to pause; try again later.',
              error.ms,
            );
          }
        } else if ((error as Error)?.name === 'TimeoutError') {
          throw new UpstreamError('timeout', `The anime database did not answer within ${timeoutMs} ms.`);
        } else {
          lastProblem = 'the connection failed';
        }
      }
      lastDuration = this.now() - started;
    }
    throw new UpstreamError('failed', `The anime database is not answering properly (${lastProblem}).`);
  }

  private outOfTime(lastProblem: string): UpstreamError {
    return new UpstreamError(
      'timeout',
      `The anime database gave no good answer within the ${this.budgetMs} ms a question may take (${lastProblem}).`,
    );
  }
}
