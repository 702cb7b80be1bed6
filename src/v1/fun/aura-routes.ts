import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest } from '../../lib/problem.js';
import { problemResponses } from '../../lib/schemas.js';
import { auraOfDay } from './aura.js';
import { funData } from './dataset-loader.js';
import { LANGS, LangParam, langOf } from './lang.js';

export const auraRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const data = funData();

  app.get(
    '/fun/aura',
    {
      config: { cache: 'berlin-day' },
      schema: {
        operationId: 'getAura',
        tags: ['fun'],
        summary: "Someone's aura of the day: a score and a colour, fixed per name and Berlin day",
        querystring: Type.Object({
          name: Type.String({
            minLength: 1,
            maxLength: 100,
            description: 'Whose aura to read.',
            examples: ['Mika'],
          }),
          lang: LangParam,
        }),
        response: {
          200: Type.Object({
            name: Type.String(),
            date: Type.String({ description: 'The Berlin day of the reading (YYYY-MM-DD).' }),
            score: Type.Integer({ minimum: 0, maximum: 100 }),
            color: Type.String(),
            hex: Type.String({ pattern: '^#[0-9a-f]{6}$' }),
            description: Type.String(),
            lang: Type.Enum([...LANGS]),
          }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request) => {
      const name = request.query.name.trim();
      if (!name) throw badRequest('name', 'must not be blank');
      const lang = langOf(request.query.lang);
      const { date, score, color, hex, description } = auraOfDay(name, new Date(), data[lang].aura);
      return { name, date, score, color, hex, description, lang };
    },
  );
};
