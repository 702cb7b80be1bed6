import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { berlinDate } from '../../lib/berlin-clock.js';
import { notFound } from '../../lib/problem.js';
import { problemResponses } from '../../lib/schemas.js';
import { categoryFormat } from '../../media/categories.js';
import { dailyPick } from '../../media/daily-pick.js';
import type { MediaItem } from '../../media/media-repository.js';
import { AnimeItem, animeItem } from './item-json.js';
import type { MediaContext, MediaRouteOptions } from './media-context.js';
import { emptyCategory, unknownCategory } from './nekos-routes.js';

export const CategorySummary = Type.Object({
  name: Type.String(),
  format: Type.Union([Type.Literal('image'), Type.Literal('gif')]),
  count: Type.Integer(),
});

/** Every public anime category with its format and live count. */
export async function categorySummaries(media: MediaContext) {
  const counts = await media.store.counts();
  return media.access.publicCategories().map((name) => ({
    name,
    format: categoryFormat(name) ?? 'image',
    count: counts.get(name) ?? 0,
  }));
}

const Amount = Type.Integer({ minimum: 1, maximum: 20, default: 1 });

/** /anime/*: single items of our own store, across categories, and the daily waifu. */
export const animeImageRoutes: FastifyPluginAsyncTypebox<MediaRouteOptions> = async (app, { media }) => {
  app.get(
    '/anime/categories',
    {
      config: { cache: 'catalog' },
      schema: {
        operationId: 'listAnimeCategories',
        tags: ['anime'],
        summary: 'Every anime image and GIF category with its format and live count',
        response: { 200: Type.Object({ categories: Type.Array(CategorySummary) }), ...problemResponses(429) },
      },
    },
    async () => ({ categories: await categorySummaries(media) }),
  );

  app.get(
    '/anime/random',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'getRandomAnimeItem',
        tags: ['anime'],
        summary: 'A random item across all safe-for-work categories',
        response: { 200: AnimeItem, ...problemResponses(404, 429) },
      },
    },
    async (request) => {
      const item = await media.picker.pickAcross(media.access.publicCategories(), request.ip);
      if (!item) throw notFound('No anime items yet.');
      return animeItem(request, item);
    },
  );

  app.get(
    '/anime/vault',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'listVaultItems',
        tags: ['anime'],
        summary: "Items from Kizuna's own storage, with how many it holds",
        querystring: Type.Object({ amount: Amount }),
        response: {
          200: Type.Object({
            total: Type.Integer({ description: 'Items in all public categories' }),
            categories: Type.Integer({ description: 'Categories that hold at least one item' }),
            results: Type.Array(AnimeItem),
          }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request) => {
      // Only public categories count: private pools stay invisible, even in totals.
      const summaries = await categorySummaries(media);
      const filled = summaries.filter((c) => c.count > 0).map((c) => c.name);
      const results = [];
      // By content hash, not item: the same file in two categories is one URL, and is sent once.
      const seen = new Set<string>();
      // Distinct files from categories drawn at random, bounded so an almost empty store ends quickly.
      for (
        let attempt = 0;
        results.length < request.query.amount && attempt < request.query.amount * 3;
        attempt++
      ) {
        const item = await media.picker.pickAcross(filled, request.ip);
        if (!item) break;
        if (seen.has(item.sha256)) continue;
        seen.add(item.sha256);
        results.push(animeItem(request, item));
      }
      return { total: summaries.reduce((sum, c) => sum + c.count, 0), categories: filled.length, results };
    },
  );

  let daily: { items: readonly MediaItem[]; date: string; item: MediaItem } | undefined;
  app.get(
    '/anime/waifu-of-the-day',
    {
      config: { cache: 'berlin-day' },
      schema: {
        operationId: 'getWaifuOfTheDay',
        tags: ['anime'],
        summary: 'The same waifu image for everyone on the same day (Europe/Berlin)',
        response: {
          200: Type.Object({
            date: Type.String({ description: 'YYYY-MM-DD in Europe/Berlin' }),
            ...AnimeItem.properties,
          }),
          ...problemResponses(404, 429),
        },
      },
    },
    async (request) => {
      if (!media.access.isPublicCategory('waifu')) throw unknownCategory(request, 'waifu');
      const items = await media.store.poolItems('waifu');
      if (items.length === 0) throw emptyCategory('waifu');
      const date = berlinDate();
      // The pool's list is reused for a few seconds (MediaStore.poolItems): so is the choice.
      if (daily?.items !== items || daily.date !== date) {
        daily = { items, date, item: dailyPick(items, date, 'waifu-of-the-day') };
      }
      return { date, ...animeItem(request, daily.item) };
    },
  );

  // No async: without Redis the pick is usually made at once, and the answer needs no promise.
  const single = (request: FastifyRequest, category: string) => {
    if (!media.access.isPublicCategory(category)) throw unknownCategory(request, category);
    return media.picker.pickAndThen(category, request.ip, 1, ([item]) => {
      if (!item) throw emptyCategory(category);
      return animeItem(request, item);
    });
  };

  app.get(
    '/anime/neko',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'getAnimeNeko',
        tags: ['anime'],
        summary: 'A random neko image',
        response: { 200: AnimeItem, ...problemResponses(404, 429) },
      },
    },
    (request) => single(request, 'neko'),
  );

  app.get(
    '/anime/:category',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'getAnimeItem',
        tags: ['anime'],
        summary: 'A random item of a category',
        params: Type.Object({ category: Type.String({ maxLength: 100 }) }),
        response: { 200: AnimeItem, ...problemResponses(400, 404, 429) },
      },
    },
    (request) => single(request, request.params.category),
  );
};
