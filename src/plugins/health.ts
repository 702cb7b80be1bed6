import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { settlesWithin } from '../lib/settles-within.js';
import { EngineReportSchema } from './engines.js';
import { eventLoopLagMonitor, type LagMonitor } from './event-loop-lag.js';

const Status = Type.Object({
  status: Type.String(),
  checks: Type.Optional(
    Type.Record(
      Type.String(),
      Type.String({ description: 'ok, or down (lagging for the event loop); then the status is 503' }),
    ),
  ),
  // What an operator should see but what does not make the instance unready: the download engines.
  details: Type.Optional(Type.Object({ engines: Type.Optional(EngineReportSchema) })),
});

const READY_CHECK_MS = 2000;

export const healthRoutes: FastifyPluginAsyncTypebox<{ lagMonitor?: LagMonitor }> = async (app, options) => {
  // One per app, started once the app is ready, so the work of starting up (migrations, the first
  // compilations) does not count as lag; a test hands in its own.
  let lag = options.lagMonitor;
  if (!options.lagMonitor) {
    app.addHook('onReady', async () => {
      lag = eventLoopLagMonitor();
    });
    app.addHook('onClose', async () => lag?.stop());
  }

  app.get(
    '/healthz',
    {
      config: { cache: 'no-store' },
      schema: { operationId: 'getHealth', tags: ['system'], summary: 'Liveness', response: { 200: Status } },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'getReadiness',
        tags: ['system'],
        summary: 'Readiness: database, Redis and file storage answer, and the event loop keeps up',
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
      // Details, not a check: shown once the probe has answered, never waited for (yt-dlp alone
      // takes a third of a second to say its version, which kept a fresh start from being ready).
      // Absent where the health routes run alone (their own tests).
      const engines = app.hasDecorator('engines') ? app.engines.current() : undefined;
      checks.database = database ? 'ok' : 'down';
      if (redis !== undefined) checks.redis = redis ? 'ok' : 'down';
      checks.storage = storage ? 'ok' : 'down';
      // A process whose event loop stalls answers everything late; better routed around a while.
      checks.eventLoop = (lag?.p99Ms() ?? 0) > app.config.eventLoopLagMs ? 'lagging' : 'ok';
      const ok = Object.values(checks).every((v) => v === 'ok');
      return reply
        .code(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'unavailable', checks, ...(engines ? { details: { engines } } : {}) });
    },
  );
};
