import { createRequire } from 'node:module';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { absoluteUrl } from '../../lib/absolute-url.js';
import { anyCaseQuery } from '../../lib/http/any-case.js';
import { publicFor } from '../../lib/http/cache-control.js';
import { badRequest, notFound, Problem } from '../../lib/problem.js';
import { safeFetch } from '../../lib/safe-fetch.js';
import { problemResponses } from '../../lib/schemas.js';
import { scratchDirOf } from '../../lib/storage/open-blob-store.js';
import { MediaStore } from '../../media/media-store.js';
import { filePath } from '../../media/media-types.js';
import { type GenshinCharacter, GenshinCharacterSchema, IMAGE_KINDS, type ImageKind } from './character.js';
import { genshinRoster, nameKey } from './characters.js';
import { GenshinImageService, type StoredImage } from './genshin-image-service.js';
import { STAND_IN_SIZES } from './stand-in-card.js';

/** A Genshin picture is at most this large (the biggest, the wish art, are a few MB). */
export const GENSHIN_IMAGE_MAX_BYTES = 16 * 1024 * 1024;
const GENSHIN_IMAGE_TIMEOUT_MS = 15_000;
/** After a failed fetch, the stand-in is served this long before upstream is asked again. */
const RETRY_AFTER_MS = 5 * 60_000;
/** How long a stand-in may be kept by caches: the real picture may come on the next try. */
const STAND_IN_MAX_AGE = 60;

/** The genshin-db version the roster was extracted from (its package.json only: the data is large). */
function datasetVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    return (require('genshin-db/package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** Candidates named in the detail of an ambiguous name; the `candidates` member has them all. */
const MAX_LISTED = 10;

/** /genshin/*: the playable characters of Genshin Impact, from the genshin-db dataset. */
export const genshinRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const roster = genshinRoster();
  const ElementQuery = Type.Object({
    element: Type.Optional(
      Type.Enum(
        roster.elements.map((e) => e.toLowerCase()),
        { description: 'Only characters of this element, in any letter case.', examples: ['pyro'] },
      ),
    ),
  });
  const dataset = `genshin-db ${datasetVersion()}`;
  const { config } = app;
  // Read per request: the switches exist only for tests, never from the environment.
  const upstreamUrl = (url: string) =>
    config.genshinImageOriginForTests
      ? new URL(new URL(url).pathname, config.genshinImageOriginForTests).toString()
      : url;
  const images = new GenshinImageService(
    app.db,
    new MediaStore(app.db, app.blobs, {
      ffmpegPath: config.ffmpegPath,
      scratchDir: scratchDirOf(config.dataDir, 'media'),
    }),
    {
      fetchBytes: async (url) =>
        (
          await safeFetch(upstreamUrl(url), {
            maxBytes: GENSHIN_IMAGE_MAX_BYTES,
            timeoutMs: GENSHIN_IMAGE_TIMEOUT_MS,
            headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' },
            // The magic bytes decide in the end; this only turns away what says it is something else.
            accept: (type) =>
              type === '' || /^(image\/|application\/octet-stream|binary\/octet-stream)/i.test(type),
            allowPrivateForTests: config.allowLoopbackFetchForTests,
          })
        ).body,
      retryAfterMs: RETRY_AFTER_MS,
      cacheMs: 5000,
      log: app.log.child({ area: 'genshin' }),
    },
  );
  app.catalog.addSection('genshin', async () => ({
    characters: roster.characters.length,
    elements: roster.elements,
    dataset,
    images: {
      kinds: [...IMAGE_KINDS],
      stored: (await images.storedImages().catch(() => new Map())).size,
    },
  }));

  /** A character as it goes out: every picture a URL of ours, never the hosts the data names. */
  const toJson = async (request: FastifyRequest, character: GenshinCharacter) => {
    const stored = await images.storedImages().catch(() => new Map<string, StoredImage>());
    const slug = encodeURIComponent(nameKey(character.name));
    const urls = Object.fromEntries(
      IMAGE_KINDS.map((kind) => {
        if (!character.images[kind]) return [kind, null];
        const file = stored.get(`${character.id}:${kind}`);
        return [
          kind,
          absoluteUrl(
            request,
            file ? filePath(file.sha256, file.ext) : `/api/v1/genshin/characters/${slug}/images/${kind}`,
          ),
        ];
      }),
    ) as GenshinCharacter['images'];
    return { ...character, images: urls };
  };

  /** The one character a name means; a 404 naming the candidates when it could mean several. */
  const characterNamed = (name: string): GenshinCharacter => {
    const asked = name.trim();
    const match = roster.match(asked);
    if ('candidates' in match) {
      const names = match.candidates.map((c) => c.name);
      if (names.length === 0)
        throw notFound(`No Genshin Impact character is called "${asked}"; see /api/v1/genshin/characters.`);
      const listed = names.length > MAX_LISTED ? [...names.slice(0, MAX_LISTED), '…'] : names;
      throw new Problem(
        'NOT_FOUND',
        `"${asked}" could be more than one character: ${listed.join(', ')}. Ask for one of them by name.`,
        { extensions: { candidates: names } },
      );
    }
    return match.character;
  };

  const elementOf = (given: string | undefined) => {
    if (given === undefined) return undefined;
    const element = roster.element(given);
    if (!element)
      throw badRequest('element', `must be one of ${roster.elements.map((e) => e.toLowerCase()).join(', ')}`);
    return element;
  };

  app.get(
    '/genshin/characters',
    {
      config: { cache: { maxAge: 86400 } },
      preValidation: anyCaseQuery('element'),
      schema: {
        operationId: 'listGenshinCharacters',
        tags: ['anime'],
        summary: 'All playable Genshin Impact characters, optionally of one element',
        querystring: ElementQuery,
        response: {
          200: Type.Object({ count: Type.Integer(), characters: Type.Array(GenshinCharacterSchema) }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request) => {
      const characters = roster.list(elementOf(request.query.element));
      return {
        count: characters.length,
        characters: await Promise.all(characters.map((c) => toJson(request, c))),
      };
    },
  );

  app.get(
    '/genshin/characters/:name',
    {
      config: { cache: { maxAge: 86400 } },
      schema: {
        operationId: 'getGenshinCharacter',
        tags: ['anime'],
        summary: 'One Genshin Impact character by name (any case; "hutao", "kazuha" and "childe" work)',
        description:
          'A name that could mean several characters ("kamisato", "traveler") is a 404 whose detail and ' +
          '`candidates` member list them.',
        params: Type.Object({ name: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: GenshinCharacterSchema, ...problemResponses(400, 404, 429) },
      },
    },
    async (request) => toJson(request, characterNamed(request.params.name)),
  );

  app.get(
    '/genshin/random',
    {
      config: { cache: 'no-store' },
      preValidation: anyCaseQuery('element'),
      schema: {
        operationId: 'getRandomGenshinCharacter',
        tags: ['anime'],
        summary: 'A random Genshin Impact character, optionally of one element',
        querystring: ElementQuery,
        response: { 200: GenshinCharacterSchema, ...problemResponses(400, 429) },
      },
    },
    async (request) => {
      const character = roster.random(elementOf(request.query.element));
      // elementOf only lets through elements that some character has, so the pool is never empty.
      if (!character) throw notFound('No character matches.');
      return toJson(request, character);
    },
  );

  app.get(
    '/genshin/characters/:name/images/:kind',
    {
      // Set per answer: a redirect to the stored file is kept a day, a stand-in a minute.
      config: { cache: { maxAge: 86400 } },
      schema: {
        tags: ['anime'],
        operationId: 'getGenshinCharacterImage',
        summary: 'A picture of a Genshin Impact character, from our own storage',
        description:
          'The first request for a picture fetches it from where the data names it (https, public addresses ' +
          'only, size and time bounded, checked by its magic bytes) and stores it; this and every later ' +
          'request is a 302 to the stored file, whose URL is immutable. When the picture cannot be had ' +
          '(its host is down, refuses, or sends something else) a PNG card with the name in the colour of ' +
          'the element stands in, with `X-Image-Status: stand-in; reason=…` and a short max-age, and the ' +
          `picture is tried again ${RETRY_AFTER_MS / 60_000} minutes later. Stand-in sizes: ` +
          Object.entries(STAND_IN_SIZES)
            .map(([kind, { width, height }]) => `${kind} ${width}×${height}`)
            .join(', ') +
          '. A kind the data has no picture of (its field is null in the character) is a 404.',
        params: Type.Object({
          name: Type.String({
            minLength: 1,
            maxLength: 64,
            description: 'A name as for /genshin/characters/:name',
          }),
          kind: Type.Unsafe<ImageKind>({ type: 'string', enum: [...IMAGE_KINDS] }),
        }),
        response: {
          200: {
            description: 'A stand-in card: the picture could not be fetched just now.',
            headers: {
              'X-Image-Status': {
                type: 'string',
                description:
                  'stand-in; reason=upstream-unreachable | upstream-status | refused-address | too-large | not-an-image | storage-unavailable',
                'x-required': true,
              },
            },
            content: {
              'image/png': {
                schema: Type.Unsafe<Buffer>({
                  type: 'string',
                  format: 'binary',
                  contentMediaType: 'image/png',
                }),
              },
            },
          },
          302: {
            description: 'The stored picture: Location is its immutable URL under /api/v1/files/.',
            headers: {
              Location: { type: 'string', format: 'uri', description: 'The stored file', 'x-required': true },
              'X-Image-Status': {
                type: 'string',
                enum: ['stored'],
                description: 'stored',
                'x-required': true,
              },
            },
          },
          ...problemResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const character = characterNamed(request.params.name);
      const { kind } = request.params;
      const answer = await images.image(character, kind);
      if (!answer) throw notFound(`The data has no ${kind} picture of ${character.name}.`);
      if (answer.status === 'stored') {
        return reply
          .header('x-image-status', 'stored')
          .header('cache-control', publicFor(86400))
          .redirect(absoluteUrl(request, filePath(answer.file.sha256, answer.file.ext)), 302);
      }
      return reply
        .header('x-image-status', `stand-in; reason=${answer.reason}`)
        .header('cache-control', publicFor(STAND_IN_MAX_AGE))
        .type('image/png')
        .send(answer.png);
    },
  );
};
