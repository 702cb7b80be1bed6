import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { problemResponses } from '../../lib/schemas.js';
import { flipCoin } from './coinflip.js';
import { rollDice } from './dice.js';
import {
  DICE_COUNT_DEFAULT,
  DICE_COUNT_MAX,
  DICE_SIDES_DEFAULT,
  DICE_SIDES_MAX,
  DICE_SIDES_MIN,
  PASSWORD_LENGTH_DEFAULT,
  PASSWORD_LENGTH_MAX,
  PASSWORD_LENGTH_MIN,
  UUID_COUNT_DEFAULT,
  UUID_COUNT_MAX,
} from './limits.js';
import { generatePassword } from './password.js';
import { TAGS } from './util-schemas.js';
import { generateUuids } from './uuid.js';

/**
 * uuid, password, dice and coinflip: cryptographic randomness from node:crypto. Every answer is
 * fresh, so a cache must never hand one out twice (no-store).
 */
export const randomRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/util/uuid',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'generateUuids',
        tags: TAGS,
        summary: 'Random version 4 UUIDs',
        querystring: Type.Object({
          count: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: UUID_COUNT_MAX,
              default: UUID_COUNT_DEFAULT,
              description: 'How many, 1 to 50.',
            }),
          ),
        }),
        response: {
          200: Type.Object({ count: Type.Integer(), uuids: Type.Array(Type.String({ format: 'uuid' })) }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request) => {
      const { count = UUID_COUNT_DEFAULT } = request.query;
      return { count, uuids: generateUuids(count) };
    },
  );

  app.get(
    '/util/password',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'generatePassword',
        tags: TAGS,
        summary: 'A random password',
        querystring: Type.Object({
          length: Type.Optional(
            Type.Integer({
              minimum: PASSWORD_LENGTH_MIN,
              maximum: PASSWORD_LENGTH_MAX,
              default: PASSWORD_LENGTH_DEFAULT,
              description: 'Characters, 8 to 128 (default 16).',
            }),
          ),
          symbols: Type.Optional(
            Type.Enum(['1', '0', 'true', 'false'], {
              default: '1',
              description: 'symbols=0 gives letters and digits only.',
            }),
          ),
        }),
        response: {
          200: Type.Object({
            password: Type.String(),
            length: Type.Integer(),
            symbols: Type.Boolean(),
            entropyBits: Type.Integer(),
          }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request) => {
      const { length = PASSWORD_LENGTH_DEFAULT, symbols = '1' } = request.query;
      return generatePassword(length, symbols === '1' || symbols === 'true');
    },
  );

  app.get(
    '/util/dice',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'rollDice',
        tags: TAGS,
        summary: 'Roll dice',
        querystring: Type.Object({
          sides: Type.Optional(
            Type.Integer({
              minimum: DICE_SIDES_MIN,
              maximum: DICE_SIDES_MAX,
              default: DICE_SIDES_DEFAULT,
              description: 'Faces per die, 2 to 1000.',
            }),
          ),
          count: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: DICE_COUNT_MAX,
              default: DICE_COUNT_DEFAULT,
              description: 'Dice, 1 to 100.',
            }),
          ),
        }),
        response: {
          200: Type.Object({
            sides: Type.Integer(),
            count: Type.Integer(),
            rolls: Type.Array(Type.Integer()),
            sum: Type.Integer(),
          }),
          ...problemResponses(400, 429),
        },
      },
    },
    async (request) => {
      const { sides = DICE_SIDES_DEFAULT, count = DICE_COUNT_DEFAULT } = request.query;
      return rollDice(sides, count);
    },
  );

  app.get(
    '/util/coinflip',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'flipCoin',
        tags: TAGS,
        summary: 'Flip a fair coin',
        response: { 200: Type.Object({ result: Type.Enum(['heads', 'tails']) }), ...problemResponses(429) },
      },
    },
    async () => {
      return { result: flipCoin() };
    },
  );
};
