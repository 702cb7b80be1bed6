import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { anyCaseQuery } from '../../lib/http/any-case.js';
import { badRequest } from '../../lib/problem.js';
import { problemResponses } from '../../lib/schemas.js';
import { LANGS } from './lang.js';
import { randomItem } from './random.js';
import { ACCEPTED_CHOICES, decide, MOVES, moveName, parseMove, rpsMessage } from './rps.js';

const MoveSchema = Type.Enum([...MOVES]);

export const rpsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/fun/rps',
    {
      config: { cache: 'no-store' },
      preValidation: anyCaseQuery('choice'),
      schema: {
        operationId: 'playRockPaperScissors',
        tags: ['fun'],
        summary: 'Rock-paper-scissors against the server',
        querystring: Type.Object({
          choice: Type.Enum([...ACCEPTED_CHOICES], {
            examples: ['rock'],
            description: 'Your move, in English or German, in any letter case.',
          }),
          lang: Type.Optional(
            Type.Enum([...LANGS], {
              description: 'Language of the message; by default the language of the choice word.',
            }),
          ),
        }),
        response: {
          200: Type.Object(
            {
              choice: MoveSchema,
              choiceName: Type.String(),
              serverChoice: MoveSchema,
              serverChoiceName: Type.String(),
              result: Type.Enum(['win', 'lose', 'draw'], { description: 'From your side.' }),
              message: Type.String(),
              lang: Type.Enum([...LANGS]),
            },
            {
              examples: [
                {
                  choice: 'rock',
                  choiceName: 'Rock',
                  serverChoice: 'scissors',
                  serverChoiceName: 'Scissors',
                  result: 'win',
                  message: 'Rock crushes scissors. You win!',
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
      const parsed = parseMove(request.query.choice);
      if (!parsed) throw badRequest('choice', `must be one of ${ACCEPTED_CHOICES.join(', ')}`);
      const lang = request.query.lang ?? parsed.lang;
      const server = randomItem(MOVES);
      return {
        choice: parsed.move,
        choiceName: moveName(parsed.move, lang),
        serverChoice: server,
        serverChoiceName: moveName(server, lang),
        result: decide(parsed.move, server),
        message: rpsMessage(parsed.move, server, lang),
        lang,
      };
    },
  );
};
