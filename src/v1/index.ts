import cors from '@fastify/cors';
import type { FastifyPluginAsync } from 'fastify';
import { animeRoutes } from './anime/index.js';
import { canvasRoutes } from './canvas/index.js';
import { catalogRoutes } from './catalog/catalog-routes.js';
import { downloaderRoutes } from './downloader/index.js';
import { funRoutes } from './fun/index.js';
import { genshinRoutes } from './genshin/index.js';
import { mediaRoutes } from './media/index.js';
import { registerRateLimit } from './rate-limit.js';
import { utilRoutes } from './util/index.js';

/** spec/public-api-v1.md, mounted at /api/v1: open CORS, no credentials, a per-IP rate limit. */
export const v1: FastifyPluginAsync = async (app) => {
  await app.register(cors, {
    origin: '*',
    credentials: false,
    // DELETE: a bot's web page may cancel its downloader job (DELETE /jobs/:id).
    methods: ['GET', 'HEAD', 'POST', 'DELETE'],
    exposedHeaders: [
      'X-Avatar-Status',
      'X-Cache',
      'Age',
      'Warning',
      'Content-Disposition',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'X-RateLimit-Scope',
      'Retry-After',
      'ETag',
      'Content-Range',
    ],
  });
  await registerRateLimit(app);
  await app.register(catalogRoutes);
  await app.register(utilRoutes);
  await app.register(funRoutes);
  await app.register(animeRoutes);
  await app.register(genshinRoutes);
  await app.register(canvasRoutes);
  await app.register(downloaderRoutes);
  // Last: it owns the catch-all /:category, which must not shadow anything above.
  await app.register(mediaRoutes);
};
