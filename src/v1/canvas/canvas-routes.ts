import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { publicFor } from '../../lib/http/cache-control.js';
import { ifNoneMatchHits, strongEtag } from '../../lib/http/conditional.js';
import { binaryResponse, notModifiedResponse, problemResponses, responseHeaders } from '../../lib/schemas.js';
import { type AvatarFetcher, loadAvatar, safeAvatarFetcher } from './avatar.js';
import { CardParams, CardQuery, toCardOptions } from './card-query.js';
import { defaultAvatar } from './default-avatar.js';
import { renderCard } from './render-card.js';

export const canvasRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const production = safeAvatarFetcher();
  const loopbackForTests = safeAvatarFetcher({ allowLoopbackForTests: true });
  // Read per request: the switch exists only for tests and benchmarks, never from the environment.
  const fetcher: AvatarFetcher = (url) =>
    (app.config.allowLoopbackFetchForTests ? loopbackForTests : production)(url);

  app.get(
    '/canvas/:type',
    {
      config: { cache: { maxAge: 600 } },
      schema: {
        operationId: 'renderCard',
        tags: ['canvas'],
        summary: 'A PNG card: xp (rank), me (profile), levelup or ai',
        description:
          'Identical parameters give identical bytes and ETag. An avatar that cannot be fetched or decoded is ' +
          'replaced by a default one; the X-Avatar-Status header says which was drawn and why.',
        params: CardParams,
        querystring: CardQuery,
        response: {
          200: binaryResponse('The card as PNG.', ['image/png'], responseHeaders('ETag', 'X-Avatar-Status')),
          304: notModifiedResponse(responseHeaders('ETag', 'X-Avatar-Status')),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const { type } = request.params;
      const card = toCardOptions(type, request.query);
      const avatar = await loadAvatar(card.avatar, fetcher);
      const png = await renderCard(type, {
        ...card,
        face: avatar.status === 'fetched' ? avatar.images.face : defaultAvatar(card.name),
        backdrop: avatar.status === 'fetched' ? avatar.images.backdrop : undefined,
      });
      const etag = strongEtag(png);
      reply
        .header('etag', etag)
        // A stand-in avatar may be the upstream's passing failure: caches keep that card briefly only.
        .header('cache-control', avatar.status === 'default' ? publicFor(30) : publicFor(600))
        .header(
          'x-avatar-status',
          avatar.status === 'default' ? `default; reason=${avatar.reason}` : avatar.status,
        );
      if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('image/png').send(png);
    },
  );
};
