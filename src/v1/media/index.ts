import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { animeImageRoutes, categorySummaries } from './anime-image-routes.js';
import { filesRoutes } from './files-routes.js';
import { createMediaContext } from './media-context.js';
import { menuRoutes } from './menu-routes.js';
import { nekosRoutes } from './nekos-routes.js';
import { poolRoutes, poolSummaries } from './pool-routes.js';

/** How long start-up waits for every pool's first demo file; well within Fastify's 10 s plugin timeout. */
const DEMO_FIRST_FILES_WAIT_MS = 3000;

/**
 * The media area of the public API v1: stored files, anime images, pools and menu cards
 * (docs/media.md), mounted at /api/v1.
 */
export const mediaArea: FastifyPluginAsyncTypebox = async (app) => {
  const media = createMediaContext(app);
  await media.store.sweepTemp();

  if (app.config.demoContent) {
    // Imported only when on: the demo content job and what it drives are not needed otherwise.
    const { DemoContentJob } = await import('../../media/demo-content-job.js');
    const demo = new DemoContentJob(media.store, {
      ffmpegPath: app.config.ffmpegPath,
      log: app.log,
      quick: app.config.demoContentQuick,
    });
    media.demo = demo;
    app.addHook('onClose', () => demo.stop());
    // A fresh server answers from every pool at once when the first round of files comes quickly
    // (it usually does), and starts within seconds on any machine when it does not: the rest
    // follows in the background.
    await demo.waitForFirstFiles(DEMO_FIRST_FILES_WAIT_MS);
  }

  app.catalog.addSection('categories', () => categorySummaries(media));
  app.catalog.addSection('pools', () => poolSummaries(media));

  await app.register(filesRoutes, { media });
  await app.register(poolRoutes, { media });
  await app.register(menuRoutes, { media });
  await app.register(animeImageRoutes, { media });
  await app.register(nekosRoutes, { media });
};
