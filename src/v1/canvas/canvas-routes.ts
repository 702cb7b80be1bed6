import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { publicFor } from '../../lib/http/cache-control.js';
import { ifNoneMatchHits, strongEtag } from '../../lib/http/conditional.js';
import { loadOnce } from '../../lib/load-once.js';
import { binaryResponse, notModifiedResponse, problemResponses, responseHeaders } from '../../lib/schemas.js';
import type { AvatarFetcher } from './avatar.js';
import { CardParams, CardQuery, toCardOptions } from './card-query.js';

/**
 * The drawing side (the canvas and sharp native libraries, the avatar fetcher) loads with the first
 * card, not at start-up: most instances draw few cards or none, and the libraries cost tens of MB.
 */
const loadDrawing = loadOnce(async () => {
  const [avatar, fallback, render] = await Promise.all([
    import('./avatar.js'),
    import('./default-avatar.js'),
    import('./render-card.js'),
  ]);
  return {
    loadAvatar: avatar.loadAvatar,
    production: avatar.safeAvatarFetcher(),
    loopbackForTests: avatar.safeAvatarFetcher({ allowLoopbackForTests: true }),
    defaultAvatar: fallback.defaultAvatar,
    renderCard: render.renderCard,
  };
});

export const canvasRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
      const { loadAvatar, production, loopbackForTests, defaultAvatar, renderCard } = await loadDrawing();
      // Read per request: the switch exists only for tests and benchmarks, never from the environment.
      const fetcher: AvatarFetcher = app.config.allowLoopbackFetchForTests ? loopbackForTests : production;
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
