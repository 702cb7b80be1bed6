import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { problemResponses } from '../../lib/schemas.js';

export const catalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/endpoints',
    {
      config: { cache: 'catalog' },
      schema: {
        operationId: 'listEndpoints',
        tags: ['catalog'],
        summary: 'Every public endpoint, anime category and media pool, built from what is registered',
        response: {
          200: Type.Object(
            {
              version: Type.String(),
              endpoints: Type.Array(
                Type.Object({
                  method: Type.String(),
                  path: Type.String(),
                  summary: Type.Optional(Type.String()),
                  tags: Type.Array(Type.String()),
                }),
              ),
            },
            { additionalProperties: true },
          ),
          ...problemResponses(429),
        },
      },
    },
    async () => {
      const endpoints = [...app.catalog.routes].sort(
        (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
      );
      return { version: 'v1', endpoints, ...(await app.catalog.snapshot()) };
    },
  );
};
