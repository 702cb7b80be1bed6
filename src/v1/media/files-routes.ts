import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/problem.js';
import { notModifiedResponse, problemResponses, responseHeaders } from '../../lib/schemas.js';
import { FILE_NAME_PATTERN } from '../../media/media-types.js';
import { storedFileResponse } from './binary-responses.js';
import type { MediaRouteOptions } from './media-context.js';
import { serveStoredFile } from './serve-stored-file.js';

/** Immutable, content-addressed file URLs: /api/v1/files/<sha256>.<ext>. */
export const filesRoutes: FastifyPluginAsyncTypebox<MediaRouteOptions> = async (app, { media }) => {
  app.get(
    '/files/:name',
    {
      config: { cache: 'immutable' },
      schema: {
        operationId: 'getFile',
        tags: ['media'],
        summary: 'A stored file by its content hash (immutable; ETag, If-None-Match, Range)',
        params: Type.Object({
          name: Type.String({ pattern: FILE_NAME_PATTERN, description: '<sha256>.<ext>' }),
        }),
        response: {
          200: storedFileResponse('The file, as the type it was stored as.'),
          206: storedFileResponse('The requested byte range of the file.', { partial: true }),
          304: notModifiedResponse(responseHeaders('ETag', 'Accept-Ranges')),
          ...problemResponses(400, 404, 412, 416, 429),
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      // One answer for a file that does not exist and one that only private pools use, seen from
      // outside: nothing may tell them apart.
      const noSuchFile = () => notFound(`No file ${name}.`);
      const [sha256, ext] = name.split('.');
      const file = await media.store.findFile(sha256);
      if (!file || file.ext !== ext) throw noSuchFile();
      // A file that only private pools use is as private as they are.
      const pools = await media.store.poolsOfFile(sha256);
      if (!pools.some((pool) => media.access.isPublicFilePool(pool))) {
        await app.operatorOnly(request).catch(() => {
          throw noSuchFile();
        });
      }
      return serveStoredFile(request, reply, media.store, { ...file, size: Number(file.size) }, 'immutable');
    },
  );
};
