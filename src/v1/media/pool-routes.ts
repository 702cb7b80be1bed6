import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/problem.js';
import { problemResponses } from '../../lib/schemas.js';
import { POOL_NAME_PATTERN } from '../../media/categories.js';
import { storedFileResponse } from './binary-responses.js';
import { MediaPick, mediaPick } from './item-json.js';
import type { MediaContext, MediaRouteOptions } from './media-context.js';
import { serveStoredFile } from './serve-stored-file.js';

export const PoolSummary = Type.Object({
  name: Type.String(),
  count: Type.Integer(),
  status: Type.Union([Type.Literal('ok'), Type.Literal('empty')]),
  note: Type.Optional(Type.String()),
});

/** The public pools with live counts; an empty pool says why it is empty. */
export async function poolSummaries(media: MediaContext, ffmpegPath: string) {
  const counts = await media.store.counts();
  return media.access.publicMediaPools().map((name) => {
    const count = counts.get(name) ?? 0;
    if (count > 0) return { name, count, status: 'ok' as const };
    const note =
      name === 'menuvid'
        ? `No videos yet: demo videos need ffmpeg (${ffmpegPath}); operators add some with "npm run media -- import menuvid <files>".`
        : `No files yet; operators add some with "npm run media -- import ${name} <files>".`;
    return { name, count, status: 'empty' as const, note };
  });
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
      schema: {
        tags: ['media'],
        summary: 'The public media pools with live counts',
        response: { 200: Type.Object({ categories: Type.Array(PoolSummary) }), ...problemResponses(429) },
      },
    },
    async () => ({ categories: await poolSummaries(media, app.config.ffmpegPath) }),
  );

  app.get(
    '/media/:category',
    {
      schema: {
        tags: ['media'],
        summary:
          'A random file of a pool (menu, sleep, kiss, canvas, menuvid): JSON with url, or the bytes with raw=1',
        params: Type.Object({ category: Type.String({ pattern: POOL_NAME_PATTERN }) }),
        querystring: Type.Object({ raw: Type.Optional(RawFlag) }),
        response: {
          200: {
            description: 'The pick as JSON, or with raw=1 the file itself',
            content: { 'application/json': { schema: MediaPick }, ...storedFileResponse('').content },
          },
          206: storedFileResponse('A byte range of the picked file (raw=1)'),
          304: Type.Null({ description: 'Not modified (raw=1)' }),
          ...problemResponses(400, 404, 416, 429),
        },
      },
    },
    async (request, reply) => {
      const { category } = request.params;
      if (media.access.isPrivate(category)) await app.loopbackOnly(request);
      else if (!media.access.isPublicMediaPool(category)) {
        throw notFound(`No media pool "${category}"; the pools are listed at /api/v1/media/categories.`);
      }
      const [item] = await media.picker.pick(category, request.ip, 1);
      if (!item) throw notFound(`The pool "${category}" has no files yet.`);
      if (request.query.raw === '1' || request.query.raw === 'true') {
        return serveStoredFile(request, reply, media.store, { ...item, size: Number(item.size) }, 'no-store');
      }
      reply.header('cache-control', 'no-store');
      return mediaPick(request, item);
    },
  );
};
