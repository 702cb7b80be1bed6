import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest } from '../../lib/problem.js';
import { problemResponses } from '../../lib/schemas.js';
import { funData } from './dataset-loader.js';
import { EIGHT_BALL_TYPES } from './dataset-types.js';
import { normaliseQuestion, shakeEightBall } from './eight-ball.js';
import { LANGS, LangParam, langOf } from './lang.js';

export const eightBallRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const data = funData();

  app.get(
    '/fun/8ball',
    {
      config: { cache: 'berlin-day' },
      schema: {
        operationId: 'askEightBall',
        tags: ['fun'],
        summary: 'The magic 8-ball: the same question gets the same answer all Berlin day',
        querystring: Type.Object({
          question: Type.String({
            minLength: 1,
            maxLength: 500,
            description: 'A yes/no question.',
            examples: ['Will it rain tomorrow?'],
          }),
          lang: LangParam,
        }),
        response: {
          200: Type.Object(
            {
              question: Type.String(),
              answer: Type.String(),
              type: Type.Enum([...EIGHT_BALL_TYPES]),
              date: Type.String({ description: 'The Berlin day the answer holds for (YYYY-MM-DD).' }),
              lang: Type.Enum([...LANGS]),
            },
            {
              examples: [
                {
                  question: 'Will it rain tomorrow?',
                  answer: 'Signs point to yes.',
                  type: 'positive',
                  date: '2026-05-01',
                  lang: 'en',
                },
              ],
            },
          ),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request) => {
      const question = request.query.question.trim();
      if (!normaliseQuestion(question))
        throw badRequest('question', 'must ask something, not only punctuation or spaces');
      const lang = langOf(request.query.lang);
      const { text, type, date } = shakeEightBall(question, new Date(), data[lang].eightBall);
      return { question, answer: text, type, date, lang };
    },
  );
};
