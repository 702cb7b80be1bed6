import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { parseHex } from '../../lib/colour.js';
import { NO_STORE } from '../../lib/http/cache-control.js';
import { badRequest } from '../../lib/problem.js';
import { problemResponses } from '../../lib/schemas.js';
import { describeColour, randomRgb, SIX_DIGIT_HEX_PATTERN } from './colour.js';
import { TAGS } from './util-schemas.js';

const Rgb = Type.Object({ r: Type.Integer(), g: Type.Integer(), b: Type.Integer() });

export const colourRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/util/color',
    {
      config: { cache: 'pure' },
      schema: {
        operationId: 'describeColour',
        tags: TAGS,
        summary: 'RGB, HSL, complementary colour and light/dark of a colour (random without hex)',
        querystring: Type.Object({
          hex: Type.Optional(
            Type.String({
              pattern: SIX_DIGIT_HEX_PATTERN,
              description:
                'Six hex digits, with or without "#" (send "#" as %23). Omit it for a random colour.',
            }),
          ),
        }),
        response: {
          200: Type.Object({
            hex: Type.String(),
            rgb: Rgb,
            hsl: Type.Object({ h: Type.Integer(), s: Type.Integer(), l: Type.Integer() }),
            complementary: Type.String(),
            luminance: Type.Number(),
            tone: Type.Enum(['light', 'dark']),
            isLight: Type.Boolean(),
            textColor: Type.String(),
            random: Type.Boolean(),
          }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const { hex } = request.query;
      if (hex === undefined) {
        reply.header('cache-control', NO_STORE);
        return { ...describeColour(randomRgb()), random: true };
      }
      const rgb = parseHex(hex);
      if (!rgb) throw badRequest('hex', 'must be six hex digits');
      return { ...describeColour(rgb), random: false };
    },
  );
};
