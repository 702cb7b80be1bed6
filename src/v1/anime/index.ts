import type { FastifyPluginAsync } from 'fastify';
import { animeDataRoutes } from './anime-data-routes.js';
import { dailyRoutes } from './daily-routes.js';
import { meterRoutes } from './meter-routes.js';
import { paletteRoutes } from './palette-routes.js';

/**
 * The anime area of the public API v1: Jikan data and the daily, deterministic answers
 * (docs/anime.md), mounted at /api/v1.
 */
export const animeArea: FastifyPluginAsync = async (app) => {
  await app.register(animeDataRoutes);
  await app.register(dailyRoutes);
  await app.register(meterRoutes);
  await app.register(paletteRoutes);
};
