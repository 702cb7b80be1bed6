import type { FastifyPluginAsync } from 'fastify';
import { genshinRoutes } from './genshin-routes.js';

/**
 * The genshin area of the public API v1: characters from the genshin-db package (docs/anime.md),
 * mounted at /api/v1.
 */
export const genshinArea: FastifyPluginAsync = async (app) => {
  await app.register(genshinRoutes);
};
