import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { problemResponses } from '../../lib/schemas.js';
import { funData } from './dataset-loader.js';
import { LANGS, LangParam, langOf } from './lang.js';
import { randomEntry } from './random.js';
import { wyrQuestion } from './wyr.js';

export const wyrRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const data = funData();

  app.get(
    '/fun/wyr',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'getWouldYouRather',
        tags: ['fun'],
        summary: 'A random "would you rather" question with its two options',
        querystring: Type.Object({ lang: LangParam }),
        response: {
          200: Type.Object({
            id: Type.Integer({ minimum: 1, description: 'Position in the dataset of that language.' }),
            question: Type.String({ description: 'The whole question as one sentence.' }),
            optionA: Type.String(),
            optionB: Type.String(),
            lang: Type.Enum([...LANGS]),
          }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request) => {
      const lang = langOf(request.query.lang);
      const { id, entry } = randomEntry(data[lang].wyr);
      return { id, question: wyrQuestion(entry, lang), optionA: entry.optionA, optionB: entry.optionB, lang };
    },
  );
};
