import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { animeImageRoutes, categorySummaries } from './anime-image-routes.js';
import { filesRoutes } from './files-routes.js';
import { createMediaContext } from './media-context.js';
import { menuRoutes } from './menu-routes.js';
import { nekosRoutes } from './nekos-routes.js';
import { poolRoutes, poolSummaries } from './pool-routes.js';

/** How long start-up waits for the demo stills; well within Fastify's 10 s plugin timeout. */
const DEMO_STILLS_WAIT_MS = 3000;

/**
 * The media area of the public API v1: stored files, anime images, pools and menu cards
 * (docs/media.md), mounted at /api/v1.
 */
export const mediaArea: FastifyPluginAsyncTypebox = async (app) => {
  const media = createMediaContext(app);
  await media.store.sweepTemp();

  if (app.config.demoContent) {
    // Imported only when on: drawing the demo content needs the canvas and image libraries.
    const { DemoContentJob } = await import('../../media/demo-content-job.js');
    const demo = new DemoContentJob(media.store, { ffmpegPath: app.config.ffmpegPath, log: app.log });
    media.demo = demo;
    app.addHook('onClose', () => demo.stop());
    // A fresh server answers with real files at once when the stills come quickly (they usually
    // do), and starts within seconds on any machine when they do not: the rest follows.
    await demo.waitForStills(DEMO_STILLS_WAIT_MS);
  }

  app.catalog.addSection('categories', () => categorySummaries(media));
  app.catalog.addSection('pools', () => poolSummaries(media));

  await app.register(filesRoutes, { media });
  await app.register(poolRoutes, { media });
  await app.register(menuRoutes, { media });
  await app.register(animeImageRoutes, { media });
  await app.register(nekosRoutes, { media });
};
