import type { FastifyPluginAsync } from 'fastify';
import { animeArea } from './anime/index.js';
import { canvasArea } from './canvas/index.js';
import { catalogRoutes } from './catalog/catalog-routes.js';
import { compatArea } from './compat/index.js';
import { downloaderArea, downloaderRootRoutes } from './downloader/index.js';
import { funArea } from './fun/index.js';
import { genshinArea } from './genshin/index.js';
import { mediaArea } from './media/index.js';
import { registerOpenCors } from './open-cors.js';
import { registerRateLimit } from './rate-limit.js';
import { utilArea } from './util/index.js';

/**
 * The public bot API, mounted at /api/v1: open CORS, no credentials, a per-IP rate limit
 * (README.md, "Public API v1").
 */
export const v1: FastifyPluginAsync = async (app) => {
  await registerOpenCors(app);
  await app.register(catalogRoutes);
  await app.register(utilArea);
  await app.register(funArea);
  await app.register(animeArea);
  await app.register(genshinArea);
  await app.register(canvasArea);
  await app.register(downloaderArea);
  // Last: it owns the catch-all /:category, which must not shadow anything above.
  await app.register(mediaArea);
};

/**
 * Everything the bots call: the API v1 at /api/v1, the compatibility mounts (nekos.best v2 at
 * /api/v2, waifu.pics at /sfw and /many) and the live queue's short path /ws/:id, under one
 * per-IP rate limit.
 */
export const publicApi: FastifyPluginAsync = async (app) => {
  await registerRateLimit(app);
  await app.register(v1, { prefix: '/api/v1' });
  await app.register(compatArea);
  await app.register(downloaderRootRoutes);
};
