import { isIP } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { rateLimited } from '../lib/problem.js';

/**
 * The fair per-IP limit of the public API, with the IETF RateLimit-* headers. Counts live in
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
    // A forwarded "address" that is no address (a client's own X-Forwarded-For behind a trusting
    // proxy setting) would be a fresh budget per made-up string: such requests share the peer's.
    keyGenerator: (request) => (isIP(request.ip) ? request.ip : (request.socket.remoteAddress ?? request.ip)),
    errorResponseBuilder: (_request, context) =>
      rateLimited(context.ttl / 1000, `Rate limit of ${context.max} requests per minute exceeded.`),
  });
}
