import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { eventLoopLagMonitor, type LagMonitor } from './event-loop-lag.js';

const Status = Type.Object({
  status: Type.String(),
  checks: Type.Optional(Type.Record(Type.String(), Type.String())),
});

const READY_CHECK_MS = 2000;

/** Whether the work settles successfully within `ms`; a rejection or a hang both count as no. */
async function answersWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncTypebox<{ lagMonitor?: LagMonitor }> = async (app, options) => {
  // One per app; a test hands in its own.
  const lag = options.lagMonitor ?? eventLoopLagMonitor();
  if (!options.lagMonitor) app.addHook('onClose', async () => lag.stop());

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
        summary: 'Readiness: database and Redis answer, and the event loop keeps up',
        response: { 200: Status, 503: Status },
      },
    },
    async (_request, reply) => {
      const checks: Record<string, string> = {};
      // A probe must answer in time even when a dependency hangs rather than fails.
      const [database, redis] = await Promise.all([
        answersWithin(sql`select 1`.execute(app.db), READY_CHECK_MS),
        app.redis ? answersWithin(app.redis.ping(), READY_CHECK_MS) : undefined,
      ]);
      checks.database = database ? 'ok' : 'unavailable';
      if (redis !== undefined) checks.redis = redis ? 'ok' : 'unavailable';
      // A process whose event loop stalls answers everything late; better routed around a while.
      checks.eventLoop = lag.p99Ms() > app.config.eventLoopLagMs ? 'lagging' : 'ok';
      const ok = Object.values(checks).every((v) => v === 'ok');
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks });
    },
  );
};
