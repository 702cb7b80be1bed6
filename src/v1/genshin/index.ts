import type { FastifyPluginAsync } from 'fastify';
import { genshinRoutes } from './genshin-routes.js';

/** The genshin area of the public API v1 (spec/public-api-v1.md), mounted at /api/v1. */
export const genshinArea: FastifyPluginAsync = async (app) => {
  await app.register(genshinRoutes);
};
