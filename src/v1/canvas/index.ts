import type { FastifyPluginAsync } from 'fastify';
import { checkCardFonts } from '../../lib/fonts.js';
import { canvasRoutes } from './canvas-routes.js';
import { CARD_TYPES, DEFAULT_ACCENTS } from './card-data.js';
import { CARD_SIZES } from './card-sizes.js';

/** The canvas area of the public API v1: PNG cards for chat bots (docs/canvas.md), mounted at /api/v1. */
export const canvasArea: FastifyPluginAsync = async (app) => {
  // At start-up, so a missing font package stops the service instead of the first card.
  checkCardFonts();
  await app.register(canvasRoutes);
  app.catalog.addSection('canvas', () => ({
    types: CARD_TYPES.map((type) => ({
      type,
      endpoint: `/api/v1/canvas/${type}`,
      ...CARD_SIZES[type],
      defaultAccent: DEFAULT_ACCENTS[type],
    })),
    parameters: ['name', 'level', 'avatar', 'xp', 'needed', 'rank', 'accent'],
  }));
};
