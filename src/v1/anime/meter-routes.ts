import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { problemResponses } from '../../lib/schemas.js';
import { rate } from './rate.js';
import { ship } from './ship.js';

const Name = (description: string) =>
  Type.String({ minLength: 1, maxLength: 64, pattern: '\\S', description });

/** The ship and rate meters: stable answers from the inputs alone. */
export const meterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/anime/ship',
    {
      config: { cache: 'pure' },
      schema: {
        operationId: 'shipNames',
        tags: ['anime'],
        summary: 'Ship meter: the same two names give the same result in either order',
        querystring: Type.Object({ a: Name('First name'), b: Name('Second name') }),
        response: {
          200: Type.Object({
            pair: Type.Array(Type.String(), { minItems: 2, maxItems: 2 }),
            percentage: Type.Integer({ minimum: 0, maximum: 100 }),
            verdict: Type.String(),
            bar: Type.String(),
            shipName: Type.String(),
          }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request) => ship(request.query.a, request.query.b),
  );

  app.get(
    '/anime/rate',
    {
      config: { cache: 'pure' },
      schema: {
        operationId: 'rateThing',
        tags: ['anime'],
        summary: 'Stable rating from 0 to 100 with stars',
        querystring: Type.Object({
          thing: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'What to rate' }),
        }),
        response: {
          200: Type.Object({
            thing: Type.String(),
            score: Type.Integer({ minimum: 0, maximum: 100 }),
            stars: Type.String(),
            starCount: Type.Integer({ minimum: 0, maximum: 5 }),
            comment: Type.String(),
          }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request) => rate(request.query.thing),
  );
};
