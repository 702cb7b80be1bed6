import { isIP } from 'node:net';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { problemResponses } from '../../lib/schemas.js';
import { TAGS } from './util-schemas.js';

/** Fastify reports IPv4 callers on a dual-stack socket as ::ffff:a.b.c.d; people know them as a.b.c.d. */
export function displayAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

export const ipRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/util/ip',
    {
      config: { cache: 'private' },
      schema: {
        operationId: 'getClientIp',
        tags: TAGS,
        summary: "The caller's IP address (the forwarded one behind a trusted proxy) and user agent",
        response: {
          200: Type.Object({
            ip: Type.String(),
            version: Type.Union([Type.Literal(4), Type.Literal(6), Type.Null()]),
            userAgent: Type.Union([Type.String(), Type.Null()]),
          }),
          ...problemResponses(429),
        },
      },
    },
    async (request) => {
      const ip = displayAddress(request.ip);
      const family = isIP(ip);
      return {
        ip,
        version: family === 4 ? (4 as const) : family === 6 ? (6 as const) : null,
        userAgent: request.headers['user-agent'] ?? null,
      };
    },
  );
};
