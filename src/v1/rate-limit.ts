import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
} from 'fastify';
import { requestClientNetwork } from '../lib/client-network.js';
import { rateLimited } from '../lib/problem.js';
import { defaultLease } from './rate-limit-lease.js';
import { localStore, sharedOrLocalStore } from './rate-limit-store.js';

/** Sent while the budget is this instance's own because Redis is unreachable. */
export const SCOPE_HEADER = 'x-ratelimit-scope';

const WINDOW_MS = 60_000;

/**
 * The fair per-client-network limit of the public API, with the IETF RateLimit-* headers. Counts
 * live in Redis when configured, so every instance enforces one shared budget; while Redis is
 * unreachable each instance counts on its own and says so (`X-RateLimit-Scope: local`).
 *
 * The counting is @fastify/rate-limit's (its in-memory store; in Redis its key and counting, with
 * leases of a busy client's counts, rate-limit-lease.ts; a fixed window of a minute), and the
 * answers are the ones it gave (RateLimit-Limit, -Remaining
 * and -Reset on every answer, a 429 problem with Retry-After past the budget, the request let
 * through should a count fail). The hook around them is ours: the plugin's is an async function
 * that awaits the key, the store and the route's options (which Fastify builds anew on each read)
 * on every request, and it cost the small routes of the API about a third of their throughput
 * (docs/benchmarks.md). This one is a callback that, with the in-memory store, finishes in the
 * same tick, and with Redis too while a lease lasts.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  let local = false;
  const nameSpace = `${app.config.redisPrefix}ratelimit:`;
  const onScope = (nowLocal: boolean) => {
    if (nowLocal === local) return;
    local = nowLocal;
    if (local) app.log.warn('rate limits are counted per instance until Redis answers again');
    else app.log.info('rate limits are shared through Redis again');
  };
  const max = app.config.rateLimitPerMinute;
  const store: FastifyRateLimitStore = app.redis
    ? new (sharedOrLocalStore(app.redis, nameSpace, onScope, app.config.rateLimitLease ?? defaultLease(max)))(
        {
          continueExceeding: false,
          exponentialBackoff: false,
        } as FastifyRateLimitOptions,
      )
    : localStore();
  const hook = rateLimitHook(store, max);
  // Every route of this scope, as the plugin's `global: true` did (the 404 handler is no route).
  app.addHook('onRoute', (route) => {
    const existing = route.onRequest;
    route.onRequest = !existing ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook];
  });
  if (app.redis) {
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (local) reply.header(SCOPE_HEADER, 'local');
      done(null, payload);
    });
  }
}

function rateLimitHook(store: FastifyRateLimitStore, max: number): onRequestHookHandler {
  return function countRequest(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    store.incr(
      requestClientNetwork(request),
      (error, result) => {
        // A count that failed lets the request through (skipOnError), with the figures of an
        // empty window, as the plugin did.
        const current = error || !result ? 0 : result.current;
        const ttlSeconds = error || !result ? 0 : Math.ceil(result.ttl / 1000);
        reply.header('ratelimit-limit', max);
        if (current <= max) {
          reply.header('ratelimit-remaining', max - current);
          reply.header('ratelimit-reset', ttlSeconds);
          done();
          return;
        }
        reply.header('ratelimit-remaining', 0);
        reply.header('ratelimit-reset', ttlSeconds);
        reply.header('retry-after', ttlSeconds);
        done(rateLimited(result!.ttl / 1000, `Rate limit of ${max} requests per minute exceeded.`));
      },
      WINDOW_MS,
      max,
    );
  };
}
