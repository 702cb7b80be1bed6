import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { settlesWithin } from '../lib/settles-within.js';

const Status = Type.Object({
  status: Type.String(),
  checks: Type.Optional(
    Type.Record(Type.String(), Type.String({ description: 'ok, or down (then the status is 503)' })),
  ),
});

const READY_CHECK_MS = 2000;

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    {
      config: { cache: 'no-store' },
      schema: { tags: ['system'], summary: 'Liveness', response: { 200: Status } },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      config: { cache: 'no-store' },
      schema: {
        tags: ['system'],
        summary: 'Readiness: database, Redis and file storage answer',
        response: { 200: Status, 503: Status },
      },
    },
    async (_request, reply) => {
      const checks: Record<string, string> = {};
      // A probe must answer in time even when a dependency hangs rather than fails.
      const [database, redis, storage] = await Promise.all([
        settlesWithin(sql`select 1`.execute(app.db), READY_CHECK_MS),
        app.redis ? settlesWithin(app.redis.ping(), READY_CHECK_MS) : undefined,
        settlesWithin(app.blobs.check(), READY_CHECK_MS),
      ]);
      checks.database = database ? 'ok' : 'down';
      if (redis !== undefined) checks.redis = redis ? 'ok' : 'down';
      checks.storage = storage ? 'ok' : 'down';
      const ok = Object.values(checks).every((v) => v === 'ok');
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks });
    },
  );
};
