import type { FastifyPluginAsync } from 'fastify';
import { auraRoutes } from './aura-routes.js';
import { funData } from './dataset-loader.js';
import { CATEGORY_LABELS, DIFFICULTIES, TRIVIA_CATEGORIES } from './dataset-types.js';
import { eightBallRoutes } from './eight-ball-routes.js';
import { LANGS } from './lang.js';
import { ACCEPTED_CHOICES } from './rps.js';
import { rpsRoutes } from './rps-routes.js';
import { textRoutes } from './text-routes.js';
import { triviaRoutes } from './trivia-routes.js';
import { wyrRoutes } from './wyr-routes.js';

/**
 * The fun area of the public API v1: trivia, games and daily texts in English and German
 * (docs/fun.md), mounted at /api/v1.
 */
export const funArea: FastifyPluginAsync = async (app) => {
  // Read and checked here, once: a broken dataset stops start-up instead of failing requests later.
  const data = funData();

  await app.register(triviaRoutes);
  await app.register(rpsRoutes);
  await app.register(auraRoutes);
  await app.register(eightBallRoutes);
  await app.register(textRoutes);
  await app.register(wyrRoutes);

  app.catalog.addSection('fun', () => ({
    languages: [...LANGS],
    trivia: {
      categories: TRIVIA_CATEGORIES.map((key) => ({ key, ...CATEGORY_LABELS[key] })),
      difficulties: [...DIFFICULTIES],
    },
    rpsChoices: ACCEPTED_CHOICES,
    sizes: Object.fromEntries(
      LANGS.map((lang) => [
        lang,
        Object.fromEntries(Object.entries(data[lang]).map(([name, entries]) => [name, entries.length])),
      ]),
    ),
  }));
};
