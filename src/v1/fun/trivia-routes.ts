import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { problemResponses } from '../../lib/schemas.js';
import { funData } from './dataset-loader.js';
import { DIFFICULTIES, TRIVIA_CATEGORIES } from './dataset-types.js';
import { LANGS, LangParam, langOf } from './lang.js';
import { randomTrivia } from './trivia.js';

const TriviaQuestionSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1, description: 'The same id is the same question in every language.' }),
    question: Type.String(),
    choices: Type.Array(Type.String(), { minItems: 4, maxItems: 4 }),
    answer: Type.String(),
    answerIndex: Type.Integer({ minimum: 0, maximum: 3 }),
    category: Type.Enum([...TRIVIA_CATEGORIES]),
    categoryLabel: Type.String(),
    difficulty: Type.Enum([...DIFFICULTIES]),
    lang: Type.Enum([...LANGS]),
  },
  {
    examples: [
      {
        id: 42,
        question: 'Which planet is known as the Red Planet?',
        choices: ['Venus', 'Mars', 'Jupiter', 'Mercury'],
        answer: 'Mars',
        answerIndex: 1,
        category: 'space',
        categoryLabel: 'Space',
        difficulty: 'easy',
        lang: 'en',
      },
    ],
  },
);

export const triviaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const data = funData();

  app.get(
    '/fun/trivia',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'getTriviaQuestion',
        tags: ['fun'],
        summary: 'A random trivia question with four answer choices',
        querystring: Type.Object({
          lang: LangParam,
          category: Type.Optional(
            Type.Enum([...TRIVIA_CATEGORIES], { description: 'Only questions of this category.' }),
          ),
          difficulty: Type.Optional(
            Type.Enum([...DIFFICULTIES], { description: 'Only questions of this difficulty.' }),
          ),
        }),
        response: { 200: TriviaQuestionSchema, ...problemResponses(400, 429) },
      },
    },
    async (request) => {
      const { category, difficulty } = request.query;
      const lang = langOf(request.query.lang);
      // Start-up validation guarantees every category × difficulty has questions, so this always finds one.
      const question = randomTrivia(data[lang].trivia, { category, difficulty }, lang);
      if (!question) throw new Error(`no trivia for ${category}/${difficulty}`);
      return question;
    },
  );
};
