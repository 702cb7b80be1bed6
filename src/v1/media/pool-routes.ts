import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound, type Problem } from '../../lib/problem.js';
import {
  BinarySchema,
  notModifiedResponse,
  problemResponses,
  responseHeaders,
  someResponseHeaders,
} from '../../lib/schemas.js';
import { POOL_NAME_PATTERN } from '../../media/categories.js';
import { STORED_FILE_TYPES, storedFileResponse } from './binary-responses.js';
import { MediaPick, mediaPick } from './item-json.js';
import type { MediaContext, MediaRouteOptions } from './media-context.js';
import { rawPick } from './raw-pick.js';
import { serveStoredFile } from './serve-stored-file.js';

export const PoolSummary = Type.Object({
  name: Type.String(),
  count: Type.Integer(),
  status: Type.Union([Type.Literal('ok'), Type.Literal('empty')]),
  note: Type.Optional(Type.String()),
});

/** The public pools with live counts; an empty pool says why it is empty. */
export async function poolSummaries(media: MediaContext) {
  const counts = await media.store.counts();
  return media.access.publicMediaPools().map((name) => {
    const count = counts.get(name) ?? 0;
    if (count > 0) return { name, count, status: 'ok' as const };
    return { name, count, status: 'empty' as const, note: emptyPoolNote(media, name) };
  });
}

/** The true reason a pool is empty: demo content still on its way or failed, or simply none imported. */
function emptyPoolNote(media: MediaContext, pool: string): string {
  const importHint = `operators add some with "npm run media -- import ${pool} <files>".`;
  const demo = media.demo?.emptyReason(pool);
  if (demo) return `${demo}; ${importHint}`;
  const what = pool === 'menuvid' ? 'No videos yet' : 'No files yet';
  if (!media.demo) return `${what} (demo content is off); ${importHint}`;
  return `${what}; ${importHint}`;
}

/**
 * The answer for a pool that does not exist, and for a private pool asked from outside: the same
 * words, so that nothing tells the two apart.
 */
export function unknownPool(pool: string): Problem {
  return notFound(`No media pool "${pool}"; the pools are listed at /api/v1/media/categories.`);
}

const RawFlag = Type.Union(
  [Type.Literal('1'), Type.Literal('0'), Type.Literal('true'), Type.Literal('false')],
  {
    description: '1 returns the bytes of the picked file instead of JSON',
  },
);

export const poolRoutes: FastifyPluginAsyncTypebox<MediaRouteOptions> = async (app, { media }) => {
  app.get(
    '/media/categories',
    {
      config: { cache: 'catalog' },
      schema: {
        operationId: 'listMediaPools',
        tags: ['media'],
        summary: 'The public media pools with live counts',
        response: { 200: Type.Object({ categories: Type.Array(PoolSummary) }), ...problemResponses(429) },
      },
    },
    async () => ({ categories: await poolSummaries(media) }),
  );

  app.get(
    '/media/:category',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'pickMedia',
        tags: ['media'],
        summary:
          'A random file of a pool (menu, sleep, kiss, canvas, menuvid): JSON with url, or the bytes with raw=1',
        params: Type.Object({ category: Type.String({ pattern: POOL_NAME_PATTERN }) }),
        querystring: Type.Object({ raw: Type.Optional(RawFlag) }),
        response: {
          200: {
            description: 'The pick as JSON, or with raw=1 the file itself.',
            content: {
              'application/json': { schema: MediaPick },
              ...Object.fromEntries(STORED_FILE_TYPES.map((type) => [type, { schema: BinarySchema }])),
            },
            headers: someResponseHeaders('With raw=1.', 'ETag', 'Accept-Ranges', 'Content-Location'),
          },
          206: storedFileResponse('A byte range of the picked file (raw=1).', { partial: true, pick: true }),
          304: notModifiedResponse(responseHeaders('ETag', 'Accept-Ranges', 'Content-Location')),
          ...problemResponses(400, 404, 412, 416, 429),
        },
      },
    },
    async (request, reply) => {
      const { category } = request.params;
      if (media.access.isPrivate(category)) {
        await app.operatorOnly(request).catch(() => {
          throw unknownPool(category);
        });
      } else if (!media.access.isPublicMediaPool(category)) {
        throw unknownPool(category);
      }
      if (request.query.raw === '1' || request.query.raw === 'true') {
        const { item, honourRange } = await rawPick(media.picker, category, request);
        if (!item) throw notFound(`The pool "${category}" has no files yet.`);
        const file = { ...item, size: Number(item.size) };
        return serveStoredFile(request, reply, media.store, file, 'no-store', { honourRange });
      }
      const [item] = await media.picker.pick(category, request.ip, 1);
      if (!item) throw notFound(`The pool "${category}" has no files yet.`);
      return mediaPick(request, item);
    },
  );
};
