import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { absoluteUrl } from '../../lib/absolute-url.js';
import { badRequest, notFound, Problem } from '../../lib/problem.js';
import { problemResponses } from '../../lib/schemas.js';
import { type CategoryFormat, categoryFormat } from '../../media/categories.js';
import { sampleMatchingItems } from '../../media/media-repository.js';
import { NekosEnvelope, nekosResult } from '../media/item-json.js';
import type { MediaRouteOptions } from '../media/media-context.js';

const TAGS = ['compatibility'];

const Amount = Type.Integer({
  minimum: 1,
  maximum: 20,
  default: 1,
  description: 'How many results (1 to 20)',
});

/** What nekos.best's /endpoints says of a category: the file format its results have. */
const EndpointsBody = Type.Record(
  Type.String(),
  Type.Object({ format: Type.Union([Type.Literal('png'), Type.Literal('gif')]) }),
  {
    examples: [{ neko: { format: 'png' }, hug: { format: 'gif' } }],
  },
);

function unknownCategory(request: FastifyRequest, category: string): Problem {
  return new Problem(
    'NOT_FOUND',
    `Unknown category "${category}"; every category is listed at /api/v2/endpoints.`,
    {
      extensions: { endpoints: absoluteUrl(request, '/api/v2/endpoints') },
    },
  );
}

/**
 * nekos.best's rate-limit headers beside ours, so that a client's own pacing works:
 * `x-rate-limit-remaining` and `x-rate-limit-reset` as the instant the window resets (ISO 8601).
 */
export async function nekosBestRateLimitHeaders(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) {
  const remaining = reply.getHeader('ratelimit-remaining');
  const reset = reply.getHeader('ratelimit-reset');
  if (remaining !== undefined) reply.header('x-rate-limit-remaining', String(remaining));
  if (reset !== undefined && Number.isFinite(Number(reset))) {
    reply.header('x-rate-limit-reset', new Date(Date.now() + Number(reset) * 1000).toISOString());
  }
  return payload;
}

/**
 * nekos.best v2, mounted at /api/v2 so that its clients work by changing only the host: the same
 * paths, shapes and header names, over our own media store (docs/compatibility.md). A
 * compatibility surface, not a second version of our API.
 */
export const nekosBestRoutes: FastifyPluginAsyncTypebox<MediaRouteOptions> = async (app, { media }) => {
  app.addHook('onSend', nekosBestRateLimitHeaders);

  app.get(
    '/endpoints',
    {
      config: { cache: 'catalog' },
      schema: {
        tags: TAGS,
        operationId: 'listNekosBestEndpoints',
        summary: 'nekos.best v2: every category with its file format',
        response: { 200: EndpointsBody, ...problemResponses(429) },
      },
    },
    async () =>
      Object.fromEntries(
        media.access
          .publicCategories()
          .map((name) => [
            name,
            { format: categoryFormat(name) === 'gif' ? ('gif' as const) : ('png' as const) },
          ]),
      ),
  );

  app.get(
    '/search',
    {
      config: { cache: 'no-store' },
      schema: {
        tags: TAGS,
        operationId: 'searchNekosBest',
        summary: 'nekos.best v2: search images (type=1) or GIFs (type=2) by artist, anime or source',
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
    '/:category',
    {
      config: { cache: 'no-store' },
      schema: {
        tags: TAGS,
        operationId: 'getNekosBestCategory',
        summary: 'nekos.best v2: images or GIFs of a category',
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
        if (items.length === 0) throw notFound(`The category "${category}" has no items yet.`);
        return { results: items.map((item) => nekosResult(request, item)) };
      });
    },
  );
};
