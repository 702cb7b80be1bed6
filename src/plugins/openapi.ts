import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OPEN_CORS_HEADERS } from '../lib/http/cors.js';

/** One OpenAPI 3.1 document generated from the route schemas, and a rendered reference at /docs. */
async function openapiPlugin(app: FastifyInstance) {
  const { config } = app;
  await app.register(swagger, {
    // Shared schemas appear under their $id (Problem, User, …) instead of def-N.
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kizuna API',
        version: '1.0.0',
        description:
          'A moderated directory of community chat groups (/api) and a free public API for chat bots (/api/v1).',
      },
      tags: [
        { name: 'auth', description: 'Accounts and sessions' },
        { name: 'groups', description: 'The group directory' },
        { name: 'admin', description: 'Moderation and dashboard (admin accounts)' },
        { name: 'catalog', description: 'What the public API offers' },
        { name: 'utility', description: 'Utility helpers' },
        { name: 'fun', description: 'Party and chat games' },
        { name: 'anime', description: 'Anime images and data' },
        { name: 'media', description: 'Media CDN pools and menu cards' },
        { name: 'canvas', description: 'PNG cards' },
        { name: 'downloader', description: 'Media downloader and its live queue' },
        {
          name: 'compatibility',
          description: 'nekos.best v2 (/api/v2) and waifu.pics (/sfw, /many) for existing clients',
        },
        { name: 'system', description: 'Health and operations' },
      ],
    },
  });
  // The reference pages are HTML: they get helmet's full set (their CSP comes from swagger-ui).
  await app.register(async (pages) => {
    await pages.register(helmet, {
      contentSecurityPolicy: false,
      hsts: config.tls || config.trustProxy ? { maxAge: 31536000, includeSubDomains: true } : false,
    });
    await pages.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  });
  // Outside the /api/v1 scope (it describes the directory too), but read by browser tools anywhere.
  app.get(
    '/api/v1/openapi.json',
    { config: { cache: 'catalog' }, schema: { hide: true } },
    async (_request, reply) => {
      reply.headers(OPEN_CORS_HEADERS);
      return app.swagger();
    },
  );
}

export default fp(openapiPlugin, { name: 'openapi', decorators: { fastify: ['config'] } });
