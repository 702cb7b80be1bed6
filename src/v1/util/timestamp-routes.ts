import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NO_STORE } from '../../lib/http/cache-control.js';
import { problemResponses } from '../../lib/schemas.js';
import { describeTimestamp, parseTimestamp } from './timestamp.js';
import { TAGS } from './util-schemas.js';

const BerlinTime = Type.Object({
  timeZone: Type.String(),
  iso: Type.String(),
  date: Type.String(),
  time: Type.String(),
  offset: Type.String(),
  abbreviation: Type.String(),
  summerTime: Type.Boolean(),
});

export const timestampRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/util/timestamp',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'convertTimestamp',
        tags: TAGS,
        summary: 'Unix seconds, milliseconds and ISO 8601 in UTC and Europe/Berlin',
        querystring: Type.Object({
          ts: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 64,
              description:
                'Unix seconds (|ts| < 10^11), Unix milliseconds (larger) or ISO 8601 (no offset = UTC). Omit it for now.',
            }),
          ),
        }),
        response: {
          200: Type.Object({
            source: Type.Enum(['now', 'seconds', 'milliseconds', 'iso']),
            unix: Type.Integer(),
            unixMs: Type.Integer(),
            iso: Type.String(),
            berlin: BerlinTime,
          }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const { ts } = request.query;
      if (ts === undefined) {
        reply.header('cache-control', NO_STORE);
        return describeTimestamp(Date.now(), 'now');
      }
      const { ms, source } = parseTimestamp(ts);
      return describeTimestamp(ms, source);
    },
  );
};
