import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE_FILES, NO_CACHE } from '../lib/http/cache-control.js';
import { pageCspDirectives } from '../lib/http/content-security-policy.js';

/** Where `npm run build:web` (vite) puts the browser UI. */
export const WEB_DIST = join(import.meta.dirname, '..', '..', 'web', 'dist');

/** The pages of the UI (web/src/app.tsx); each is answered with index.html and routed in the browser. */
export const PAGE_PATHS = ['/', '/login', '/register', '/submit', '/mine', '/admin'] as const;

/**
 * The browser UI: its pages, with helmet's headers and a strict CSP, and its assets, whose names
 * carry a content hash and so are cached for a year as immutable.
 */
export async function webUi(app: FastifyInstance, { distDir = WEB_DIST }: { distDir?: string } = {}) {
  const { config } = app;
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(
      { distDir },
      'the browser UI is not built (npm run build:web); / leads to the API reference',
    );
    app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/docs', 302));
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const secure = Boolean(config.tls || config.trustProxy);

  await app.register(helmet, {
    // Group pictures may be links to https images elsewhere (externalImageUrl).
    contentSecurityPolicy: { useDefaults: true, directives: pageCspDirectives(secure) },
    hsts: secure ? { maxAge: 31536000, includeSubDomains: true } : false,
  });

  for (const path of PAGE_PATHS)
    app.get(path, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', NO_CACHE).send(indexHtml),
    );

  await app.register(fastifyStatic, {
    root: join(distDir, 'assets'),
    prefix: '/assets/',
    ...IMMUTABLE_FILES,
    // Source maps (vite writes them for local debugging) would hand out the UI's source: never served.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
  });
}
