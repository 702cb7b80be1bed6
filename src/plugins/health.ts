import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';

const Status = Type.Object({
  status: Type.String(),
  checks: Type.Optional(Type.Record(Type.String(), Type.String())),
});

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['system'], summary: 'Liveness', response: { 200: Status } } },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: database and Redis answer',
        response: { 200: Status, 503: Status },
      },
    },
    async (_request, reply) => {
      const checks: Record<string, string> = {};
      try {
        await sql`select 1`.execute(app.db);
        checks.database = 'ok';
      } catch {
        checks.database = 'unavailable';
      }
      if (app.redis)
        checks.redis = (await app.redis.ping().catch(() => 'unavailable')) === 'PONG' ? 'ok' : 'unavailable';
      const ok = Object.values(checks).every((v) => v === 'ok');
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks });
    },
  );
};
