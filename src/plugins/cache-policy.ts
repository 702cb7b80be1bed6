import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { secondsToBerlinMidnight } from '../lib/berlin-clock.js';
import { IMMUTABLE, NO_STORE, PRIVATE_NO_STORE, privateFor, publicFor } from '../lib/http/cache-control.js';
import { ifNoneMatchHits, strongEtag } from '../lib/http/conditional.js';

/**
 * What a route's successful answers may be cached as (README.md, "Caching"), declared in its
 * options as `config: { cache }`:
 * - `no-store`: random or per-request answers, which no cache may keep;
 * - `private`: answers for one user or session, kept by no cache at all;
 * - `berlin-day`: the same all Berlin day, kept until the next Berlin midnight;
 * - `catalog`: lists that change now and then, kept briefly and revalidated with an ETag;
 * - `pure`: a function of the request alone, kept for a day;
 * - `immutable`: content-addressed files, kept for a year;
 * - `{ maxAge, private? }`: kept for a stated time.
 * A route that sets Cache-Control itself (a file server, an answer that depends on its input)
 * keeps its own; errors are never stored.
 */
export type CachePolicy =
  | 'no-store'
  | 'private'
  | 'berlin-day'
  | 'catalog'
  | 'pure'
  | 'immutable'
  | { maxAge: number; private?: boolean };

/** How long a catalog may be kept before it is asked again (with its ETag). */
export const CATALOG_MAX_AGE_SECONDS = 60;

const PURE_MAX_AGE_SECONDS = 24 * 3600;

export function cacheControlFor(policy: CachePolicy, now: Date = new Date()): string {
  if (typeof policy === 'object') return (policy.private ? privateFor : publicFor)(policy.maxAge);
  switch (policy) {
    case 'no-store':
      return NO_STORE;
    case 'private':
      return PRIVATE_NO_STORE;
    case 'berlin-day':
      return publicFor(secondsToBerlinMidnight(now));
    case 'catalog':
      return publicFor(CATALOG_MAX_AGE_SECONDS);
    case 'pure':
      return publicFor(PURE_MAX_AGE_SECONDS);
    case 'immutable':
      return IMMUTABLE;
  }
}

/** The onSend hook that gives a route's answers the Cache-Control (and for catalogs, ETag) of its policy. */
export function cacheHook(policy: CachePolicy): onSendHookHandler {
  // A callback hook: it runs on every answer of the route, and a promise per request shows.
  // Every policy but berlin-day has one header value for good: worked out here, not per answer.
  const fixed = policy === 'berlin-day' ? undefined : cacheControlFor(policy);
  return function applyCachePolicy(request: FastifyRequest, reply: FastifyReply, payload: unknown, done) {
    if (reply.statusCode >= 400 || reply.statusCode < 200) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
      return done(null, payload);
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', fixed ?? cacheControlFor(policy));
    if (policy !== 'catalog' || reply.statusCode !== 200) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const etag = strongEtag(Buffer.from(payload));
    reply.header('etag', etag);
    if (!ifNoneMatchHits(request.headers['if-none-match'], etag)) return done(null, payload);
    reply.code(304).removeHeader('content-length');
    done(null, '');
  };
}
