import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import { downloaderFor } from '../../downloader/downloader-for.js';
import { PLATFORM_INFO, PLATFORMS } from '../../downloader/platforms.js';
import { registerRateLimit } from '../rate-limit.js';
import { jobRoutes } from './job-routes.js';
import { submitRoutes } from './submit-routes.js';
import { wsRoutes } from './ws-routes.js';

/** The downloader area of the public API v1 (spec/public-api-v1.md), mounted at /api/v1. */
export const downloaderRoutes: FastifyPluginAsync = async (app) => {
  await downloaderFor(app);
  await app.register(submitRoutes);
  await app.register(jobRoutes);
  app.catalog.addSection('downloader', () => ({
    platforms: PLATFORMS.map((name) => ({
      name,
      label: PLATFORM_INFO[name].label,
      endpoint: `/api/v1/d/${name}`,
      modes: ['auto', ...PLATFORM_INFO[name].modes],
      ...(PLATFORM_INFO[name].beta ? { beta: true } : {}),
    })),
    maxAudioBitrate: 320,
    maxVideoHeight: 2160,
    workers: app.config.downloadWorkers,
  }));
};

/**
 * The live queue at /api/v1/ws/:id and its /ws/:id alias. The WebSocket plugin is registered here,
 * around these two routes only: at the root its hooks ran on every request of the service.
 */
export const liveQueueRoutes: FastifyPluginAsync = async (app) => {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Opening a live queue counts against the v1 rate limit, like any other v1 request.
  await registerRateLimit(app);
  await app.register(wsRoutes, { prefix: '/api/v1' });
  await app.register(wsRoutes);
};
