import type { FastifyPluginAsync } from 'fastify';
import { downloaderFor } from '../../downloader/downloader-for.js';
import { MAX_VIDEO_HEIGHT } from '../../downloader/engines/ytdlp-args.js';
import { PLATFORM_INFO, PLATFORMS } from '../../downloader/platforms.js';
import { jobRoutes } from './job-routes.js';
import { submitRoutes } from './submit-routes.js';
import { wsRoutes } from './ws-routes.js';

/**
 * The downloader area of the public API v1: jobs, their files and the live queue
 * (docs/downloader.md), mounted at /api/v1.
 */
export const downloaderArea: FastifyPluginAsync = async (app) => {
  await downloaderFor(app);
  await app.register(submitRoutes);
  await app.register(jobRoutes);
  await app.register(wsRoutes);
  app.catalog.addSection('downloader', async () => ({
    platforms: PLATFORMS.map((name) => ({
      name,
      label: PLATFORM_INFO[name].label,
      endpoint: `/api/v1/d/${name}`,
      modes: ['auto', ...PLATFORM_INFO[name].modes],
      ...(PLATFORM_INFO[name].beta ? { beta: true } : {}),
    })),
    maxAudioBitrate: 320,
    maxVideoHeight: MAX_VIDEO_HEIGHT,
    workers: app.config.downloadWorkers,
    engines: await app.engines.report(),
  }));
};

/** Routes the downloader serves outside /api/v1 (the /ws/:id alias of the live queue, documented with it). */
export const downloaderRootRoutes: FastifyPluginAsync = async (app) => {
  await app.register(wsRoutes, { hidden: true });
};
