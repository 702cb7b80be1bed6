import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ensureDemoContent } from '../../media/demo-content.js';
import { animeImageRoutes, categorySummaries } from './anime-image-routes.js';
import { filesRoutes } from './files-routes.js';
import { createMediaContext } from './media-context.js';
import { menuRoutes } from './menu-routes.js';
import { nekosRoutes } from './nekos-routes.js';
import { poolRoutes, poolSummaries } from './pool-routes.js';

/** The media area of the public API v1 (spec/public-api-v1.md), mounted at /api/v1. */
export const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const media = createMediaContext(app);
  await media.store.sweepTemp();

  if (app.config.demoContent) {
    const started = Date.now();
    const report = await ensureDemoContent(media.store, { ffmpegPath: app.config.ffmpegPath });
    if (report.files > 0 || report.videoUnavailable) {
      app.log.info(
        { files: report.files, pools: report.filled.length, ms: Date.now() - started },
        'demo media generated',
      );
    }
    if (report.videoUnavailable) app.log.warn(report.videoUnavailable);
  }

  // Only for reply.sendFile: stored files are served by our own routes, which check them first.
  await app.register(fastifyStatic, { serve: false });

  app.catalog.addSection('categories', () => categorySummaries(media));
  app.catalog.addSection('pools', () => poolSummaries(media, app.config.ffmpegPath));

  await app.register(filesRoutes, { media });
  await app.register(poolRoutes, { media });
  await app.register(menuRoutes, { media });
  await app.register(animeImageRoutes, { media });
  await app.register(nekosRoutes, { media });
};
