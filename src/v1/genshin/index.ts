import type { FastifyPluginAsync } from 'fastify';
import { genshinCharacterRoutes } from './genshin-routes.js';

/** The genshin area of the public API v1 (spec/public-api-v1.md), mounted at /api/v1. */
export const genshinRoutes: FastifyPluginAsync = async (app) => {
  await app.register(genshinCharacterRoutes);
};
