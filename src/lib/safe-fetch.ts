import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import type { Agent } from 'undici';
import { loadOnce } from './load-once.js';
import { isPlainLoopback, isPublicAddress } from './safe-fetch/public-address.js';

export { isPublicAddress } from './safe-fetch/public-address.js';

/**
 * Outbound fetches of user-given URLs (avatars, downloads): https only, public addresses only,
 * checked after DNS resolution and on every redirect, size and time bounded (docs/canvas.md,
 * "Safe outbound fetch").
 *
 * The address check happens inside the socket's own DNS lookup, so the address that was
 * checked is the one connected to: there is no window for DNS rebinding.
 */

export type SafeFetchErrorCode =
  | 'BAD_URL'
  | 'FORBIDDEN_ADDRESS'
  | 'TOO_LARGE'
  | 'TIMEOUT'
  | 'HTTP_STATUS'
  | 'TOO_MANY_REDIRECTS'
  | 'BAD_CONTENT_TYPE'
  | 'NETWORK';

export class SafeFetchError extends Error {
  readonly code: SafeFetchErrorCode;
  readonly status?: number;

  constructor(code: SafeFetchErrorCode, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'SafeFetchError';
    this.code = code;
    this.status = options.status;
  }
}

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  /** Default 5. */
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** Refuses the response (BAD_CONTENT_TYPE) unless this returns true for its Content-Type. */
  accept?: (contentType: string) => boolean;
  /** Cancels the fetch from outside (a cancelled job); it then fails with code NETWORK. */
  signal?: AbortSignal;
  /**
   * Tests only: lets plainly written loopback addresses (127.0.0.0/8, ::1) through and accepts
   * their self-signed certificates. Every other rule stays in force.
   */
  allowPrivateForTests?: boolean;
}

export interface SafeFetchResult {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  headers: Headers;
  body: Buffer;
  contentType: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

// undici's client is loaded by the first fetch (an avatar, a page), not at start-up. Its default
// export (module.exports) rather than the namespace: in the bundle (dist/), undici is CommonJS
// turned into a chunk that has a default export only, so named exports would be undefined there.
const loadUndici = loadOnce(async () => (await import('undici')).default);
type Undici = Awaited<ReturnType<typeof loadUndici>>;

export async function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const maxRedirects = options.maxRedirects ?? 5;
  const allowed = options.allowPrivateForTests ? isPublicOrLoopback : isPublicAddress;
  const undici = await loadUndici();
  const dispatcher = options.allowPrivateForTests ? testAgent(undici) : productionAgent(undici);
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(new SafeFetchError('TIMEOUT', `no complete answer within ${options.timeoutMs} ms`)),
    options.timeoutMs,
  );
  const cancel = () => controller.abort(new SafeFetchError('NETWORK', 'the fetch was cancelled'));
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel, { once: true });
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      if (controller.signal.aborted) throw controller.signal.reason;
      const target = checkUrl(current, allowed);
      const response = await undici
        .request(target, {
          method: 'GET',
          dispatcher,
          signal: controller.signal,
          headers: { 'user-agent': 'Kizuna (+https://kizuna.dev)', accept: '*/*', ...options.headers },
        })
        .catch((error: unknown) => {
          throw asSafeFetchError(error, controller.signal);
        });
      const headers = toHeaders(response.headers);
      const location = headers.get('location');
      if (REDIRECTS.has(response.statusCode) && location) {
        await response.body.dump().catch(() => undefined);
        if (hop >= maxRedirects)
          throw new SafeFetchError('TOO_MANY_REDIRECTS', `more than ${maxRedirects} redirects`);
        current = resolveLocation(location, target);
        continue;
      }
      if (response.statusCode < 200 || response.statusCode > 299) {
        await response.body.dump().catch(() => undefined);
        throw new SafeFetchError('HTTP_STATUS', `the server answered ${response.statusCode}`, {
          status: response.statusCode,
        });
      }
      const contentType = headers.get('content-type') ?? '';
      if (options.accept && !options.accept(contentType)) {
        discard(response.body);
        throw new SafeFetchError('BAD_CONTENT_TYPE', `unexpected content type "${contentType}"`);
      }
      const declared = Number(headers.get('content-length'));
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        discard(response.body);
        throw tooLarge(options.maxBytes);
      }
      const body = await readCapped(response.body, options.maxBytes).catch((error: unknown) => {
        throw asSafeFetchError(error, controller.signal);
      });
      return { url: target.href, status: response.statusCode, headers, body, contentType };
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

function checkUrl(raw: string, allowed: (ip: string) => boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('BAD_URL', 'not a valid URL');
  }
  if (url.protocol !== 'https:') throw new SafeFetchError('BAD_URL', 'only https URLs are fetched');
  if (url.username || url.password)
    throw new SafeFetchError('BAD_URL', 'URLs with credentials are not fetched');
  // An address literal never goes through DNS, so the socket's lookup would not see it: check it here.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) && !allowed(host)) throw forbidden(host);
  return url;
}

function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    throw new SafeFetchError('BAD_URL', 'the redirect target is not a valid URL');
  }
}

type Body = AsyncIterable<Buffer> & { destroy(): void; on(event: 'error', listener: () => void): unknown };

/** Drops a body we will not read; the abort error it then emits is expected, not a fault. */
function discard(body: Body): void {
  body.on('error', () => undefined);
  body.destroy();
}

async function readCapped(body: Body, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    if (total > maxBytes) {
      discard(body);
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      try {
        headers.append(name, v);
      } catch {
        // A header value Headers cannot hold is dropped rather than failing the fetch.
      }
    }
  }
  return headers;
}

function asSafeFetchError(error: unknown, signal: AbortSignal): SafeFetchError {
  if (signal.aborted && signal.reason instanceof SafeFetchError) return signal.reason;
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof SafeFetchError) return e;
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SafeFetchError('NETWORK', message || 'the connection failed', { cause: error });
}

const tooLarge = (maxBytes: number) =>
  new SafeFetchError('TOO_LARGE', `the response exceeds ${maxBytes} bytes`);
const forbidden = (ip: string) =>
  new SafeFetchError('FORBIDDEN_ADDRESS', `refusing to connect to the non-public address ${ip}`);

function isPublicOrLoopback(ip: string): boolean {
  return isPublicAddress(ip) || isPlainLoopback(ip);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A DNS lookup for sockets that resolves every address of the host and refuses them all unless all pass. */
function checkedLookup(allowed: (ip: string) => boolean) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: LookupCallback,
  ) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (addresses.length === 0)
        return callback(new SafeFetchError('NETWORK', `${hostname} has no address`), []);
      const refused = addresses.find((a) => !allowed(a.address));
      if (refused) return callback(forbidden(refused.address), []);
      const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
      const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
      if (usable.length === 0)
        return callback(new SafeFetchError('NETWORK', `${hostname} has no IPv${wanted} address`), []);
      if (options.all) return callback(null, usable);
      callback(null, usable[0].address, usable[0].family);
    });
  };
}

let production: Agent | undefined;
let forTests: Agent | undefined;

function productionAgent({ Agent }: Undici): Agent {
  production ??= new Agent({
    connect: { lookup: checkedLookup(isPublicAddress), timeout: 10_000 },
    keepAliveTimeout: 4_000,
    connections: 64,
  });
  return production;
}

function testAgent({ Agent }: Undici): Agent {
  forTests ??= new Agent({
    connect: { lookup: checkedLookup(isPublicOrLoopback), rejectUnauthorized: false, timeout: 10_000 },
    keepAliveTimeout: 1_000,
  });
  return forTests;
}
