import type { FastifyPluginAsync } from 'fastify';
import { codecRoutes } from './codec-routes.js';
import { colorRoute } from './color-route.js';
import { ipRoute } from './ip-route.js';
import { qrRoute } from './qr-route.js';
import { randomRoutes } from './random-routes.js';
import { textRoutes } from './text-routes.js';
import { timestampRoute } from './timestamp-route.js';

/** The util area of the public API v1 (spec/public-api-v1.md §4 Utility), mounted at /api/v1. */
export const utilRoutes: FastifyPluginAsync = async (app) => {
  await app.register(randomRoutes);
  await app.register(textRoutes);
  await app.register(codecRoutes);
  await app.register(colorRoute);
  await app.register(qrRoute);
  await app.register(ipRoute);
  await app.register(timestampRoute);
};
