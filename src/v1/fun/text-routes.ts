import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { problemResponses } from '../../lib/schemas.js';
import { funData } from './dataset-loader.js';
import { LANGS, LangParam, langOf } from './lang.js';
import { randomEntry } from './random.js';

type TextKind = 'pickup' | 'compliment' | 'truth' | 'dare';

const TEXT_ROUTES: Array<{ kind: TextKind; operationId: string; summary: string }> = [
  { kind: 'pickup', operationId: 'getPickupLine', summary: 'A random (wholesome, cheesy) pick-up line' },
  { kind: 'compliment', operationId: 'getCompliment', summary: 'A random compliment' },
  { kind: 'truth', operationId: 'getTruthQuestion', summary: 'A random truth question for truth or dare' },
  { kind: 'dare', operationId: 'getDare', summary: 'A random dare that can be done in a group chat' },
];

const TextSchema = Type.Object({
  id: Type.Integer({ minimum: 1, description: 'Position in the dataset of that language.' }),
  text: Type.String(),
  lang: Type.Enum([...LANGS]),
});

/** The four endpoints that answer with one random line of text. */
export const textRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const data = funData();

  for (const { kind, operationId, summary } of TEXT_ROUTES) {
    app.get(
      `/fun/${kind}`,
      {
        config: { cache: 'no-store' },
        schema: {
          operationId,
          tags: ['fun'],
          summary,
          querystring: Type.Object({ lang: LangParam }),
          response: { 200: TextSchema, ...problemResponses(400, 429) },
        },
      },
      async (request) => {
        const lang = langOf(request.query.lang);
        const { id, entry } = randomEntry(data[lang][kind]);
        return { id, text: entry, lang };
      },
    );
  }
};
