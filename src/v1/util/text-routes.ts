import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest } from '../../lib/problem.js';
import { problemResponses } from '../../lib/schemas.js';
import { decodeBase64, encodeBase64 } from './base64.js';
import { HASH_ALGORITHMS, hashText } from './hash.js';
import { LOREM_WORDS_DEFAULT, LOREM_WORDS_MAX, LOREM_WORDS_MIN } from './limits.js';
import { loremIpsum } from './lorem.js';
import { slugify } from './slugify.js';
import { Mode, ModeResult, TAGS, Text } from './util-schemas.js';

/** hash, base64, slugify and lorem: text in, text out. */
export const textRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/util/hash',
    {
      config: { cache: 'pure' },
      schema: {
        operationId: 'hashText',
        tags: TAGS,
        summary: 'Hex digest of a text (UTF-8)',
        querystring: Type.Object({
          text: Text('The text to hash, up to 10,000 characters; may be empty.'),
          algo: Type.Optional(
            Type.Enum([...HASH_ALGORITHMS], {
              default: 'sha256',
              description: 'md5, sha1, sha256 (default) or sha512.',
            }),
          ),
        }),
        response: {
          200: Type.Object({ algo: Type.Enum([...HASH_ALGORITHMS]), hash: Type.String() }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request) => {
      const { text, algo = 'sha256' } = request.query;
      return { algo, hash: hashText(text, algo) };
    },
  );

  app.get(
    '/util/base64',
    {
      config: { cache: 'pure' },
      schema: {
        operationId: 'convertBase64',
        tags: TAGS,
        summary: 'Base64 encode or decode (decode takes standard and URL-safe alphabets)',
        querystring: Type.Object({ text: Text('Up to 10,000 characters.'), mode: Mode }),
        response: { 200: ModeResult, ...problemResponses(400, 429) },
      },
    },
    async (request) => {
      const { text, mode = 'encode' } = request.query;
      return { mode, result: mode === 'encode' ? encodeBase64(text) : decodeBase64(text) };
    },
  );

  app.get(
    '/util/slugify',
    {
      config: { cache: 'pure' },
      schema: {
        operationId: 'slugifyText',
        tags: TAGS,
        summary: 'A URL slug (ä → ae, ö → oe, ü → ue, ß → ss)',
        querystring: Type.Object({ text: Text('Up to 10,000 characters.') }),
        response: { 200: Type.Object({ slug: Type.String() }), ...problemResponses(400, 429) },
      },
    },
    async (request) => {
      const slug = slugify(request.query.text);
      if (slug === '') throw badRequest('text', 'has no letters or digits that can go into a slug');
      return { slug };
    },
  );

  app.get(
    '/util/lorem',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'generateLoremIpsum',
        tags: TAGS,
        summary: 'Lorem ipsum placeholder text',
        querystring: Type.Object({
          words: Type.Optional(
            Type.Integer({
              minimum: LOREM_WORDS_MIN,
              maximum: LOREM_WORDS_MAX,
              default: LOREM_WORDS_DEFAULT,
              description: 'Words, 1 to 500 (default 50).',
            }),
          ),
        }),
        response: {
          200: Type.Object({ words: Type.Integer(), text: Type.String() }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request) => {
      const { words = LOREM_WORDS_DEFAULT } = request.query;
      return { words, text: loremIpsum(words) };
    },
  );
};
