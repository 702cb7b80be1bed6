import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { problemResponses } from '../../lib/schemas.js';
import { decodeBinary, encodeBinary } from './binary.js';
import { decodeMorse, encodeMorse } from './morse.js';
import { convertRoman } from './roman.js';
import { Mode, ModeResult, TAGS, Text } from './util-schemas.js';

/** morse, binary and roman: conversions in both directions. */
export const codecRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/util/morse',
    {
      config: { cache: 'pure' },
      schema: {
        operationId: 'convertMorse',
        tags: TAGS,
        summary: 'Morse code: letters split by spaces, words by " / "',
        querystring: Type.Object({
          text: Text('Text to encode or Morse to decode, up to 10,000 characters.'),
          mode: Mode,
        }),
        response: { 200: ModeResult, ...problemResponses(400, 429) },
      },
    },
    async (request) => {
      const { text, mode = 'encode' } = request.query;
      return { mode, result: mode === 'encode' ? encodeMorse(text) : decodeMorse(text) };
    },
  );

  app.get(
    '/util/binary',
    {
      config: { cache: 'pure' },
      schema: {
        operationId: 'convertBinary',
        tags: TAGS,
        summary: 'Text as 8-bit bytes of UTF-8, and back',
        querystring: Type.Object({
          text: Text('Text to encode or bits to decode, up to 10,000 characters.'),
          mode: Mode,
        }),
        response: { 200: ModeResult, ...problemResponses(400, 429) },
      },
    },
    async (request) => {
      const { text, mode = 'encode' } = request.query;
      return { mode, result: mode === 'encode' ? encodeBinary(text) : decodeBinary(text) };
    },
  );

  app.get(
    '/util/roman',
    {
      config: { cache: 'pure' },
      schema: {
        operationId: 'convertRoman',
        tags: TAGS,
        summary: 'Roman numerals in both directions (1 to 3999), direction detected',
        querystring: Type.Object({
          number: Type.String({
            minLength: 1,
            maxLength: 32,
            description: 'A whole number from 1 to 3999, or a Roman numeral such as MMXXVI.',
          }),
        }),
        response: {
          200: Type.Object({
            direction: Type.Enum(['toRoman', 'fromRoman']),
            arabic: Type.Integer(),
            roman: Type.String(),
          }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request) => convertRoman(request.query.number),
  );
};
