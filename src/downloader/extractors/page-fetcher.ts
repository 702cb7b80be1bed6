import { SafeFetchError, safeFetch } from '../../lib/safe-fetch.js';
import { EngineError } from '../engine.js';
import { abortError } from '../engines/run-process.js';

export interface FetchedPage {
  url: string;
  body: Buffer;
  contentType: string;
}

/** How our own extractors fetch pages and media; tests hand in one that serves fixtures on loopback. */
export type PageFetcher = (
  url: string,
  options: {
    maxBytes: number;
    timeoutMs: number;
    accept?: (contentType: string) => boolean;
    signal?: AbortSignal;
  },
) => Promise<FetchedPage>;

// The platforms send their embedded data only to what looks like a browser.
const BROWSER_HEADERS = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'accept-language': 'en-US,en;q=0.9',
};

/**
 * A fetcher on safeFetch (https, public addresses, bounded). The job's signal goes along, so a
 * cancel, the job's time limit or a shutdown stops a fetch at once rather than after its own timeout.
 * `allowLoopbackForTests` lets tests reach a server on 127.0.0.1; production never sets it.
 */
export function createSafePageFetcher(testing: { allowLoopbackForTests?: boolean } = {}): PageFetcher {
  return async (url, options) => {
    if (options.signal?.aborted) throw abortError(options.signal);
    const result = await safeFetch(url, {
      maxBytes: options.maxBytes,
      timeoutMs: options.timeoutMs,
      accept: options.accept,
      headers: BROWSER_HEADERS,
      signal: options.signal,
      allowPrivateForTests: testing.allowLoopbackForTests,
    });
    return { url: result.url, body: result.body, contentType: result.contentType };
  };
}

/** The production fetcher. */
export const safePageFetcher: PageFetcher = createSafePageFetcher();

/** A fetch failure in the client's terms. */
export function fetchFailure(error: unknown, what: string): EngineError {
  if (error instanceof EngineError) return error;
  if (error instanceof SafeFetchError) {
    switch (error.code) {
      case 'TOO_LARGE':
        return new EngineError('TOO_LARGE', `The ${what} is larger than allowed.`);
      case 'TIMEOUT':
        return new EngineError('TIMEOUT', `The ${what} did not arrive in time.`);
      case 'HTTP_STATUS':
        return error.status === 404 || error.status === 410
          ? new EngineError('NOT_FOUND_AT_SOURCE', `The ${what} does not exist (or is private).`)
          : new EngineError('SOURCE_UNREACHABLE', `The platform answered ${error.status} for the ${what}.`);
      case 'FORBIDDEN_ADDRESS':
      case 'BAD_URL':
        return new EngineError(
          'UNSUPPORTED_URL',
          `The ${what} leads to an address this server does not fetch from.`,
        );
      case 'BAD_CONTENT_TYPE':
        return new EngineError('UNSUPPORTED_CONTENT', `The ${what} is not of a kind the downloader reads.`);
      default:
        return new EngineError('SOURCE_UNREACHABLE', `The ${what} could not be fetched.`, error);
    }
  }
  return new EngineError('SOURCE_UNREACHABLE', `The ${what} could not be fetched.`, error);
}

/** Fetches with the given fetcher and turns any failure into an EngineError. */
export async function fetchOrFail(
  fetcher: PageFetcher,
  url: string,
  what: string,
  options: Parameters<PageFetcher>[1],
): Promise<FetchedPage> {
  try {
    return await fetcher(url, options);
  } catch (error) {
    if (options.signal?.aborted) throw abortError(options.signal);
    throw fetchFailure(error, what);
  }
}
