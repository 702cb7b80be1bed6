import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { absoluteUrl } from '../../lib/absolute-url.js';
import { badRequest, notFound, Problem } from '../../lib/problem.js';
import { problemResponses } from '../../lib/schemas.js';
import { type CategoryFormat, categoryFormat } from '../../media/categories.js';
import { sampleMatchingItems } from '../../media/media-repository.js';
import { NekosEnvelope, nekosResult } from './item-json.js';
import type { MediaContext, MediaRouteOptions } from './media-context.js';

const Amount = Type.Integer({
  minimum: 1,
  maximum: 20,
  default: 1,
  description: 'How many results (1 to 20)',
});

export function unknownCategory(request: FastifyRequest, category: string): Problem {
  return new Problem(
    'NOT_FOUND',
    `Unknown category "${category}"; every category is listed at /api/v1/endpoints.`,
    {
      extensions: { endpoints: absoluteUrl(request, '/api/v1/endpoints') },
    },
  );
}

export function emptyCategory(category: string): Problem {
  return notFound(`The category "${category}" has no items yet.`);
}

/** The categories a /random shortcut draws from. */
export function shortcutPools(media: MediaContext, kind: string): string[] {
  switch (kind) {
    case 'neko':
    case 'waifu':
      return media.access.isPublicCategory(kind) ? [kind] : [];
    case 'anime':
      return media.access.publicCategories('image');
    default:
      return media.access.publicCategories('gif');
  }
}

/** nekos.best v2 convention: /:category, /search and the /random shortcuts. */
export const nekosRoutes: FastifyPluginAsyncTypebox<MediaRouteOptions> = async (app, { media }) => {
  app.get(
    '/search',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'searchImages',
        tags: ['anime'],
        summary: 'Search images (type=1) or GIFs (type=2) by artist, anime or source',
        querystring: Type.Object({
          query: Type.String({ minLength: 1, maxLength: 150 }),
          type: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, description: '1 images, 2 GIFs' })),
          category: Type.Optional(Type.String({ maxLength: 40 })),
          amount: Amount,
        }),
        response: { 200: NekosEnvelope, ...problemResponses(400, 429) },
      },
    },
    async (request) => {
      const { type, category, amount } = request.query;
      const query = request.query.query.trim();
      if (query === '') throw badRequest('query', 'must not be blank');
      const format: CategoryFormat | undefined = type === 1 ? 'image' : type === 2 ? 'gif' : undefined;
      let pools: string[];
      if (category !== undefined) {
        if (!media.access.isPublicCategory(category))
          throw badRequest('category', `"${category}" is not a category`);
        if (format && categoryFormat(category) !== format) {
          throw badRequest('category', `"${category}" holds ${categoryFormat(category)}s, not type ${type}`);
        }
        pools = [category];
      } else {
        pools = media.access.publicCategories(format);
      }
      const matches = await sampleMatchingItems(app.db, pools, query, amount);
      return { results: matches.map((item) => nekosResult(request, item)) };
    },
  );

  app.get(
    '/random/:kind',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'getRandomImage',
        tags: ['anime'],
        summary: 'A random item: anime (any image category), neko, waifu, gif or reaction (any GIF category)',
        params: Type.Object({
          kind: Type.Union(['anime', 'neko', 'waifu', 'gif', 'reaction'].map((k) => Type.Literal(k))),
        }),
        response: { 200: NekosEnvelope, ...problemResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const pools = shortcutPools(media, request.params.kind);
      const item = await media.picker.pickAcross(pools, request.ip);
      if (!item) throw notFound(`Nothing to pick for /random/${request.params.kind} yet.`);
      return { results: [nekosResult(request, item, true)] };
    },
  );

  // The catch-all: registered by the media area last, so every static /api/v1 route wins over it.
  app.get(
    '/:category',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'listCategoryImages',
        tags: ['anime'],
        summary: 'Images or GIFs of a category (nekos.best v2 convention), e.g. neko, waifu, hug, pat',
        params: Type.Object({ category: Type.String({ maxLength: 100 }) }),
        querystring: Type.Object({ amount: Amount }),
        response: { 200: NekosEnvelope, ...problemResponses(400, 404, 429) },
      },
    },
    // No async: without Redis the pick is usually made at once, and the answer needs no promise.
    (request) => {
      const { category } = request.params;
      if (!media.access.isPublicCategory(category)) throw unknownCategory(request, category);
      return media.picker.pickAndThen(category, request.ip, request.query.amount, (items) => {
        if (items.length === 0) throw emptyCategory(category);
        return { results: items.map((item) => nekosResult(request, item)) };
      });
    },
  );
};
