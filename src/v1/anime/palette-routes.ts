import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HEX_PATTERN, parseHex, type Rgb } from '../../lib/colour.js';
import { NO_STORE } from '../../lib/http/cache-control.js';
import { badRequest } from '../../lib/problem.js';
import { problemResponses } from '../../lib/schemas.js';
import { makePalette, SCHEMES } from './palette.js';

const ColourSchema = Type.Object({
  hex: Type.String(),
  rgb: Type.Object({ r: Type.Integer(), g: Type.Integer(), b: Type.Integer() }),
  hsl: Type.Object({ h: Type.Integer(), s: Type.Integer(), l: Type.Integer() }),
});

/** /anime/palette: harmonious palettes, fixed by their seed. */
export const paletteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/anime/palette',
    {
      config: { cache: 'pure' },
      schema: {
        operationId: 'generatePalette',
        tags: ['anime'],
        summary: 'Palette generator: the same seed gives the same palette',
        querystring: Type.Object({
          seed: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 100,
              description: 'Any text; without one a random seed is chosen and returned',
            }),
          ),
          count: Type.Integer({ minimum: 1, maximum: 10, default: 5 }),
          base: Type.Optional(
            Type.String({
              pattern: HEX_PATTERN,
              description: 'Base colour, e.g. ff6699 or %23ff6699',
            }),
          ),
          scheme: Type.Optional(Type.Union(SCHEMES.map((s) => Type.Literal(s)))),
        }),
        response: {
          200: Type.Object({
            seed: Type.String(),
            scheme: Type.String(),
            base: ColourSchema,
            colours: Type.Array(ColourSchema),
          }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const { seed, count, base, scheme } = request.query;
      let baseRgb: Rgb | undefined;
      if (base !== undefined) {
        baseRgb = parseHex(base);
        if (!baseRgb) throw badRequest('base', 'must be a hex colour such as ff6699');
      }
      if (seed === undefined) reply.header('cache-control', NO_STORE);
      return makePalette({ seed: seed ?? randomBytes(6).toString('hex'), count, base: baseRgb, scheme });
    },
  );
};
