import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { berlinDate } from '../../lib/berlin-clock.js';
import { problemResponses } from '../../lib/schemas.js';
import { QUOTES } from './data/quotes.js';
import { consultOracle } from './oracle.js';
import { quoteOfTheDay } from './quote-of-the-day.js';

/** Text that is not only whitespace. */
const Text = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', description });

/** Answers that change with the Berlin day and agree on every instance: quote and oracle. */
export const dailyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/anime/quote',
    {
      config: { cache: 'berlin-day' },
      schema: {
        operationId: 'getQuoteOfTheDay',
        tags: ['anime'],
        summary: 'Quote of the day (the same for everyone on a Berlin calendar day)',
        response: {
          200: Type.Object({
            text: Type.String(),
            character: Type.String(),
            anime: Type.String(),
            date: Type.String(),
          }),
          ...problemResponses(429),
        },
      },
    },
    async () => quoteOfTheDay(QUOTES, berlinDate()),
  );

  app.get(
    '/anime/oracle',
    {
      config: { cache: 'berlin-day' },
      schema: {
        operationId: 'askOracle',
        tags: ['anime'],
        summary: 'Ask the oracle: one answer per question and Berlin day',
        querystring: Type.Object({ question: Text(300, 'A yes/no question') }),
        response: {
          200: Type.Object({
            question: Type.String(),
            answer: Type.String(),
            tone: Type.Union([Type.Literal('yes'), Type.Literal('maybe'), Type.Literal('no')]),
            date: Type.String(),
          }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request) => consultOracle(request.query.question, berlinDate()),
  );
};
