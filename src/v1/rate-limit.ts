import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { requestClientNetwork } from '../lib/client-network.js';
import { rateLimited } from '../lib/problem.js';
import { sharedOrLocalStore } from './rate-limit-store.js';

/** Sent while the budget is this instance's own because Redis is unreachable. */
export const SCOPE_HEADER = 'x-ratelimit-scope';

/**
 * The fair per-client-network limit of the public API, with the IETF RateLimit-* headers. Counts
 * live in Redis when configured, so every instance enforces one shared budget; while Redis is
 * unreachable each instance counts on its own and says so (`X-RateLimit-Scope: local`).
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
  await app.register(rateLimit, {
    global: true,
    max: app.config.rateLimitPerMinute,
    timeWindow: 60_000,
    enableDraftSpec: true,
    ...(app.redis ? { store: sharedOrLocalStore(app.redis, nameSpace, onScope) } : {}),
    // The store above does not fail; should a count fail all the same, the request goes through.
    skipOnError: true,
    // Per client network (an IPv4 address, an IPv6 /64): rotating through one's own /64 earns no
    // fresh budget.
    keyGenerator: requestClientNetwork,
    errorResponseBuilder: (_request, context) =>
      rateLimited(context.ttl / 1000, `Rate limit of ${context.max} requests per minute exceeded.`),
  });
  if (app.redis) {
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (local) reply.header(SCOPE_HEADER, 'local');
      done(null, payload);
    });
  }
}
