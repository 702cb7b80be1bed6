import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/problem.js';
import { problemResponses } from '../../lib/schemas.js';
import { listPoolItems } from '../../media/media-repository.js';
import { fileUrl } from '../media/item-json.js';
import type { MediaRouteOptions } from '../media/media-context.js';

const TAGS = ['compatibility'];

/** How many files waifu.pics' /many answers with. */
export const MANY_FILES = 30;

const Category = Type.Object({ category: Type.String({ maxLength: 40 }) });

const unknownCategory = (category: string) =>
  notFound(`No SFW category "${category}" here; the categories are those of /api/v2/endpoints.`);

/**
 * waifu.pics, at its own paths so that its clients work by changing only the host
 * (docs/compatibility.md): `GET /sfw/:category` and `POST /many/sfw/:category`, over our media
 * store's categories. We serve no NSFW: those paths are simply not routed, so they answer 404.
 * This is `GET /sfw/:category`, mounted at /sfw.
 */
export const waifuPicsOneRoutes: FastifyPluginAsyncTypebox<MediaRouteOptions> = async (app, { media }) => {
  app.get(
    '/:category',
    {
      config: { cache: 'no-store' },
      schema: {
        tags: TAGS,
        operationId: 'getWaifuPicsImage',
        summary: 'waifu.pics: one random image or GIF of a category',
        params: Category,
        response: {
          200: Type.Object(
            { url: Type.String({ format: 'uri' }) },
            {
              examples: [
                {
                  url: 'https://kizuna.example/api/v1/files/3751ad0c92e0b6a7d1e6f8c3b5a9e4f2d0c7b6a5e4d3c2b1a0f9e8d7c6b5d383.png',
                },
              ],
            },
          ),
          ...problemResponses(400, 404, 429),
        },
      },
    },
    async (request) => {
      const { category } = request.params;
      if (!media.access.isPublicCategory(category)) throw unknownCategory(category);
      const [item] = await media.picker.pick(category, request.ip, 1);
      if (!item) throw notFound(`The category "${category}" has no items yet.`);
      return { url: fileUrl(request, item) };
    },
  );
};

/** waifu.pics' `POST /many/sfw/:category`, mounted at /many. */
export const waifuPicsManyRoutes: FastifyPluginAsyncTypebox<MediaRouteOptions> = async (app, { media }) => {
  app.post(
    '/sfw/:category',
    {
      config: { cache: 'no-store' },
      schema: {
        tags: TAGS,
        operationId: 'listWaifuPicsImages',
        summary: `waifu.pics: up to ${MANY_FILES} distinct files of a category, leaving out the ones in exclude`,
        params: Category,
        body: Type.Object(
          { exclude: Type.Optional(Type.Array(Type.String({ maxLength: 2048 }), { maxItems: 1000 })) },
          { additionalProperties: true },
        ),
        response: {
          200: Type.Object(
            { files: Type.Array(Type.String({ format: 'uri' }), { maxItems: MANY_FILES }) },
            {
              examples: [
                {
                  files: [
                    'https://kizuna.example/api/v1/files/3751ad0c92e0b6a7d1e6f8c3b5a9e4f2d0c7b6a5e4d3c2b1a0f9e8d7c6b5d383.png',
                    'https://kizuna.example/api/v1/files/65b5c4e2f1a0d9c8b7a6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6ca88.gif',
                  ],
                },
              ],
            },
          ),
          ...problemResponses(400, 404, 413, 415, 429),
        },
      },
    },
    async (request) => {
      const { category } = request.params;
      if (!media.access.isPublicCategory(category)) throw unknownCategory(category);
      const excluded = new Set(request.body?.exclude ?? []);
      const urls = [
        ...new Set((await listPoolItems(app.db, category)).map((item) => fileUrl(request, item))),
      ].filter((url) => !excluded.has(url));
      // A partial Fisher–Yates shuffle: the first MANY_FILES places get a uniform random choice.
      for (let i = 0; i < Math.min(MANY_FILES, urls.length - 1); i++) {
        const j = randomInt(i, urls.length);
        [urls[i], urls[j]] = [urls[j], urls[i]];
      }
      return { files: urls.slice(0, MANY_FILES) };
    },
  );
};
