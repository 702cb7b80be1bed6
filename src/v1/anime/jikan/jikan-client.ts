import { LimiterBusyError, RateLimiter } from './rate-limiter.js';
import { parseRetryAfter } from './retry-after.js';
import { UpstreamError } from './upstream-error.js';

export interface JikanClientOptions {
  /** e.g. https://api.jikan.moe/v4, without a trailing slash. */
  baseUrl: string;
  /** One attempt, headers and body included. */
  timeoutMs: number;
  /** Attempts in all, the first included. */
  maxAttempts?: number;
  /** First backoff after a 5xx or a dropped connection; doubles with each retry. */
  backoffMs?: number;
  /** A Retry-After longer than this is not waited for: the caller gets its answer (or a stale one) now. */
  maxRetryAfterMs?: number;
  /** A question that would queue longer than this for an outbound slot is refused (503) instead. */
  maxQueueMs?: number;
  limiter?: RateLimiter;
  sleep?: (ms: number) => Promise<void>;
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

/**
 * The one way Kizuna talks to Jikan v4: every attempt waits for the limiter, is bounded in time,
 * and 429 / 5xx / dropped connections are retried with backoff (honouring Retry-After).
 * A timeout is not retried: a slow upstream stays slow, and the caller should not wait twice.
 */
export class JikanClient {
  readonly limiter: RateLimiter;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: JikanClientOptions) {
    this.maxAttempts = options.maxAttempts ?? 3;
    this.backoffMs = options.backoffMs ?? 300;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 5000;
    this.limiter = options.limiter ?? jikanLimiter(options.maxQueueMs ?? 10_000);
    this.sleep = options.sleep ?? sleepFor;
  }

  url(path: string, query: Record<string, string | number> = {}): string {
    const url = new URL(`${this.options.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
    return url.toString();
  }

  /** GET a Jikan path. Resolves with the parsed body, or `found: false` on 404; throws UpstreamError. */
  async get(path: string, query: Record<string, string | number> = {}): Promise<JikanResult> {
    const url = this.url(path, query);
    let lastProblem = 'no attempt was made';
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      try {
        await this.limiter.acquire();
      } catch (error) {
        if (error instanceof LimiterBusyError) {
          throw new UpstreamError('busy', 'Too many anime database questions at once.', error.retryAfterMs);
        }
        throw error;
      }

      let delay = this.backoffMs * 2 ** (attempt - 1);
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json', 'user-agent': 'Kizuna (+anime data)' },
          signal: AbortSignal.timeout(this.options.timeoutMs),
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
          if (asked !== null) {
            if (asked > this.maxRetryAfterMs) break;
            delay = asked;
          }
        }
      } catch (error) {
        if (error instanceof UpstreamError) throw error;
        if ((error as Error)?.name === 'TimeoutError') {
          throw new UpstreamError(
            'timeout',
            `The anime database did not answer within ${this.options.timeoutMs} ms.`,
          );
        }
        lastProblem = 'the connection failed';
      }
      if (attempt < this.maxAttempts) await this.sleep(delay);
    }
    throw new UpstreamError('failed', `The anime database is not answering properly (${lastProblem}).`);
  }
}
