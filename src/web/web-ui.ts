import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMMUTABLE_FILES, NO_CACHE } from '../lib/http/cache-control.js';
import { pageCspDirectives } from '../lib/http/content-security-policy.js';
import { isOpenCorsPath } from '../lib/http/cors.js';

/** Where `npm run build:web` (vite) puts the browser UI. */
export const WEB_DIST = join(import.meta.dirname, '..', '..', 'web', 'dist');

/** The pages of the UI (web/src/app.tsx); each is answered with index.html and routed in the browser. */
export const PAGE_PATHS = [
  '/',
  '/login',
  '/register',
  '/submit',
  '/mine',
  '/mine/:id/edit',
  '/admin',
] as const;

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
/** helmet's own CSP middleware, which @fastify/helmet hands on (its types declare it only on the plugin's type). */
const helmetCsp = (helmet as unknown as { contentSecurityPolicy: (options: object) => Middleware })
  .contentSecurityPolicy;

/** Paths that are never pages of the UI: the API, its reference, the UI's own files. */
const NOT_PAGES = /^\/(?:api|docs|assets)(?:[/?]|$)/;

/**
 * Whether a request is a browser's navigation to a page: a GET or HEAD that asks for HTML, for a
 * path outside the API. Such a request for an unknown page gets the UI's "Page not found"; an API
 * client (Accept: application/json, or none) keeps the problem+json answer.
 */
export function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0];
  if (NOT_PAGES.test(path) || isOpenCorsPath(path)) return false;
  const accept = request.headers.accept ?? '';
  return /(?:^|,)\s*text\/html\s*(?:,|;(?!\s*q=0(?:\.0*)?\s*(?:,|$))|$)/i.test(accept);
}

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

  // Group pictures may be links to https images elsewhere (externalImageUrl).
  const contentSecurityPolicy = { useDefaults: true, directives: pageCspDirectives(secure) };
  await app.register(helmet, {
    contentSecurityPolicy,
    hsts: secure ? { maxAge: 31536000, includeSubDomains: true } : false,
  });

  for (const path of PAGE_PATHS)
    app.get(path, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', NO_CACHE).send(indexHtml),
    );

  // An unknown page is the same shell, whose router shows "Page not found", with status 404. The
  // 404 handler lives at the root, outside helmet's scope here, so the page's policy is set by hand.
  const csp = helmetCsp(contentSecurityPolicy);
  app.setNotFoundPage((request, reply) => {
    if (!isPageNavigation(request)) return undefined;
    csp(request.raw, reply.raw, () => undefined);
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .headers({
        'cache-control': 'no-store',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
      })
      .send(indexHtml);
  });

  await app.register(fastifyStatic, {
    root: join(distDir, 'assets'),
    prefix: '/assets/',
    ...IMMUTABLE_FILES,
    // Source maps (vite writes them for local debugging) would hand out the UI's source: never served.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
  });
}
