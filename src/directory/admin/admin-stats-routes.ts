import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { problemResponses } from '../../lib/schemas.js';
import { adminStats } from '../stats/stats-repository.js';

const NameCounts = Type.Array(Type.Object({ name: Type.String(), count: Type.Integer() }));

export const AdminStatsSchema = Type.Object({
  users: Type.Object({
    total: Type.Integer(),
    byRole: Type.Record(Type.String(), Type.Integer()),
    byStatus: Type.Object({ verified: Type.Integer(), unverified: Type.Integer() }),
  }),
  groups: Type.Object({
    total: Type.Integer(),
    verified: Type.Integer({ description: 'Public, or hidden by reports' }),
    unverified: Type.Integer({ description: 'Pending review' }),
    rejected: Type.Integer(),
  }),
  reports: Type.Object({ open: Type.Integer({ description: 'Open reports awaiting a moderator' }) }),
  likes: Type.Integer(),
  platforms: NameCounts,
  categories: NameCounts,
});

export const adminStatsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/stats',
    {
      config: { cache: 'private', auth: 'admin' },
      schema: {
        operationId: 'getAdminStats',
        tags: ['admin'],
        summary: 'Dashboard statistics: users by role and status, groups, platforms and categories',
        response: { 200: AdminStatsSchema, ...problemResponses(401, 403) },
      },
    },
    async () => {
      return adminStats(app.db);
    },
  );
};
