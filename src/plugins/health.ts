import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { EngineReportSchema } from './engines.js';

const Status = Type.Object({
  status: Type.String(),
  checks: Type.Optional(Type.Record(Type.String(), Type.String())),
  // What an operator should see but what does not make the instance unready: the download engines.
  details: Type.Optional(Type.Object({ engines: Type.Optional(EngineReportSchema) })),
});

const READY_CHECK_MS = 2000;

/** The work's value when it settles successfully within `ms`, else undefined. */
async function valueWithin<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let value: T | undefined;
  return (await answersWithin(
    work.then((v) => {
      value = v;
    }),
    ms,
  ))
    ? value
    : undefined;
}

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
      const [database, redis, storage, engines] = await Promise.all([
        answersWithin(sql`select 1`.execute(app.db), READY_CHECK_MS),
        app.redis ? answersWithin(app.redis.ping(), READY_CHECK_MS) : undefined,
        answersWithin(app.blobs.check(), READY_CHECK_MS),
        valueWithin(app.engines.report(), READY_CHECK_MS),
      ]);
      checks.database = database ? 'ok' : 'unavailable';
      if (redis !== undefined) checks.redis = redis ? 'ok' : 'unavailable';
      checks.storage = storage ? 'ok' : 'unavailable';
      const ok = Object.values(checks).every((v) => v === 'ok');
      return reply
        .code(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'unavailable', checks, ...(engines ? { details: { engines } } : {}) });
    },
  );
};
