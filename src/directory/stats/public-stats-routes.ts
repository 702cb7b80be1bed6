import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { publicStats } from './stats-repository.js';

export const PublicStatsSchema = Type.Object(
  {
    members: Type.Integer({ description: 'Registered accounts' }),
    groups_total: Type.Integer({ description: 'All groups, pending ones included' }),
    groups_verified: Type.Integer(),
    total_likes: Type.Integer(),
    platforms: Type.Array(Type.String(), { description: 'Distinct platforms of verified groups, sorted' }),
  },
  { additionalProperties: false },
);

export const publicStatsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/public/stats',
    {
      config: { cache: 'catalog' },
      schema: {
        operationId: 'getPublicStats',
        tags: ['groups'],
        summary: 'Anonymous aggregate statistics',
        response: { 200: PublicStatsSchema },
      },
    },
    async () => publicStats(app.db),
  );
};
