import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { anyCaseQuery } from '../../lib/http/any-case.js';
import { badRequest, notFound, Problem } from '../../lib/problem.js';
import { problemResponses } from '../../lib/schemas.js';
import { GenshinCharacterSchema } from './character.js';
import { genshinRoster } from './characters.js';

/** Candidates named in the detail of an ambiguous name; the `candidates` member has them all. */
const MAX_LISTED = 10;

/** /genshin/*: the playable characters of Genshin Impact, from the genshin-db dataset. */
export const genshinRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const roster = genshinRoster();
  const ElementQuery = Type.Object({
    element: Type.Optional(
      Type.Enum(
        roster.elements.map((e) => e.toLowerCase()),
        { description: 'Only characters of this element, in any letter case.', examples: ['pyro'] },
      ),
    ),
  });
  app.catalog.addSection('genshin', () => ({
    characters: roster.characters.length,
    elements: roster.elements,
  }));

  const elementOf = (given: string | undefined) => {
    if (given === undefined) return undefined;
    const element = roster.element(given);
    if (!element)
      throw badRequest('element', `must be one of ${roster.elements.map((e) => e.toLowerCase()).join(', ')}`);
    return element;
  };

  app.get(
    '/genshin/characters',
    {
      config: { cache: { maxAge: 86400 } },
      preValidation: anyCaseQuery('element'),
      schema: {
        operationId: 'listGenshinCharacters',
        tags: ['anime'],
        summary: 'All playable Genshin Impact characters, optionally of one element',
        querystring: ElementQuery,
        response: {
          200: Type.Object({ count: Type.Integer(), characters: Type.Array(GenshinCharacterSchema) }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request) => {
      const characters = roster.list(elementOf(request.query.element));
      return { count: characters.length, characters };
    },
  );

  app.get(
    '/genshin/characters/:name',
    {
      config: { cache: { maxAge: 86400 } },
      schema: {
        operationId: 'getGenshinCharacter',
        tags: ['anime'],
        summary: 'One Genshin Impact character by name (any case; "hutao", "kazuha" and "childe" work)',
        description:
          'A name that could mean several characters ("kamisato", "traveler") is a 404 whose detail and ' +
          '`candidates` member list them.',
        params: Type.Object({ name: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: GenshinCharacterSchema, ...problemResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const asked = request.params.name.trim();
      const match = roster.match(asked);
      if ('candidates' in match) {
        const names = match.candidates.map((c) => c.name);
        if (names.length === 0)
          throw notFound(`No Genshin Impact character is called "${asked}"; see /api/v1/genshin/characters.`);
        const listed = names.length > MAX_LISTED ? [...names.slice(0, MAX_LISTED), '…'] : names;
        throw new Problem(
          'NOT_FOUND',
          `"${asked}" could be more than one character: ${listed.join(', ')}. Ask for one of them by name.`,
          { extensions: { candidates: names } },
        );
      }
      return match.character;
    },
  );

  app.get(
    '/genshin/random',
    {
      config: { cache: 'no-store' },
      preValidation: anyCaseQuery('element'),
      schema: {
        operationId: 'getRandomGenshinCharacter',
        tags: ['anime'],
        summary: 'A random Genshin Impact character, optionally of one element',
        querystring: ElementQuery,
        response: { 200: GenshinCharacterSchema, ...problemResponses(400, 429) },
      },
    },
    async (request) => {
      const character = roster.random(elementOf(request.query.element));
      // elementOf only lets through elements that some character has, so the pool is never empty.
      if (!character) throw notFound('No character matches.');
      return character;
    },
  );
};
