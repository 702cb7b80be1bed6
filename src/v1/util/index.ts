import type { FastifyPluginAsync } from 'fastify';
import { codecRoutes } from './codec-routes.js';
import { colourRoutes } from './colour-routes.js';
import { ipRoutes } from './ip-routes.js';
import { qrRoutes } from './qr-routes.js';
import { randomRoutes } from './random-routes.js';
import { textRoutes } from './text-routes.js';
import { timestampRoutes } from './timestamp-routes.js';

/**
 * The util area of the public API v1: small login-free tools for chat bots (docs/util.md), mounted
 * at /api/v1.
 */
export const utilArea: FastifyPluginAsync = async (app) => {
  await app.register(randomRoutes);
  await app.register(textRoutes);
  await app.register(codecRoutes);
  await app.register(colourRoutes);
  await app.register(qrRoutes);
  await app.register(ipRoutes);
  await app.register(timestampRoutes);
};
