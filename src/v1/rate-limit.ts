import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { requestClientNetwork } from '../lib/client-network.js';
import { rateLimited } from '../lib/problem.js';

/**
 * The fair per-client-network limit of the public API, with the IETF RateLimit-* headers. Counts live in
 * Redis when configured, so every instance enforces one shared budget.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: app.config.rateLimitPerMinute,
    timeWindow: 60_000,
    enableDraftSpec: true,
    redis: app.redis ?? undefined,
    nameSpace: `${app.config.redisPrefix}ratelimit:`,
    skipOnError: true,
    // Per client network (an IPv4 address, an IPv6 /64): rotating through one's own /64 earns no
    // fresh budget.
    keyGenerator: requestClientNetwork,
    errorResponseBuilder: (_request, context) =>
      rateLimited(context.ttl / 1000, `Rate limit of ${context.max} requests per minute exceeded.`),
  });
}
