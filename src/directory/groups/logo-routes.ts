import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IMMUTABLE } from '../../lib/http/cache-control.js';
import { notFound } from '../../lib/problem.js';
import { binaryResponse, notModifiedResponse, problemResponses, responseHeaders } from '../../lib/schemas.js';
import { serveBlob } from '../../lib/storage/serve-blob.js';
import type { LogoExtension } from './logo-image.js';
import { LOGO_FILE_NAME, LOGO_MIME, logoKey } from './logo-store.js';
import { sweepOrphanLogos } from './logo-sweep.js';

const LOGO_TYPES = [...new Set(Object.values(LOGO_MIME))];
const LOGO_HEADERS = responseHeaders('ETag', 'Accept-Ranges', 'Last-Modified');

/**
 * Stored logos at /api/groups/logos/NAME, streamed from the blob store. A name is never reused
 * for other bytes, so responses are cacheable for a year as immutable, and the random part of
 * the name is a strong ETag that every instance agrees on; Range and If-Range as for any file.
 */
export const logoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Tidy up after crashes, in the background: start-up never waits for it.
  app.addHook('onReady', async () => {
    sweepOrphanLogos(app.db, app.blobs)
      .then((removed) => {
        if (removed.length > 0) app.log.info({ removed }, 'orphan logo files removed');
      })
      .catch((error) => app.log.warn({ err: error }, 'logo sweep failed'));
  });

  app.get(
    '/groups/logos/:file',
    {
      config: { cache: 'immutable' },
      schema: {
        operationId: 'getGroupLogo',
        tags: ['groups'],
        summary: 'A stored group logo (immutable; ETag, Range)',
        params: Type.Object({
          file: Type.String({ maxLength: 100, description: '<name>.<png|jpg|webp|gif>' }),
        }),
        response: {
          200: binaryResponse('The logo.', LOGO_TYPES, LOGO_HEADERS),
          206: binaryResponse('The requested byte range of the logo.', LOGO_TYPES, {
            ...LOGO_HEADERS,
            ...responseHeaders('Content-Range'),
          }),
          304: notModifiedResponse(LOGO_HEADERS),
          ...problemResponses(400, 404, 412, 416, 503),
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const noSuchLogo = () => notFound(`No logo ${file}.`);
      // Only names we generated: nothing else that might be in the store is ever reached.
      if (!LOGO_FILE_NAME.test(file)) throw noSuchLogo();
      const info = await app.blobs.head(logoKey(file));
      if (!info) throw noSuchLogo();
      const [name, extension] = file.split('.') as [string, LogoExtension];
      return serveBlob(
        request,
        reply,
        app.blobs,
        {
          key: logoKey(file),
          size: info.size,
          mime: LOGO_MIME[extension],
          etag: `"${name}"`,
          lastModified: info.lastModified,
          headers: { 'cache-control': IMMUTABLE },
        },
        { missingDetail: `No logo ${file}.` },
      );
    },
  );
};
