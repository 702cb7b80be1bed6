import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import { renderApiReference } from '@scalar/client-side-rendering';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NO_CACHE } from '../lib/http/cache-control.js';
import { allowInlineScripts, inlineScripts, pageCspDirectives } from '../lib/http/content-security-policy.js';
import { OPEN_CORS_HEADERS } from '../lib/http/cors.js';
import { loadOnce } from '../lib/load-once.js';
import { CSRF_HEADER, csrfCookieName } from './csrf.js';
import {
  FACTS_KEY,
  operationFacts,
  refineDocument,
  securityOf,
  securitySchemes,
} from './openapi-document.js';
import { SCALAR_CSS } from './openapi-theme.js';
import { sessionCookieName } from './sessions.js';

/** Where the OpenAPI document is served. */
export const OPENAPI_PATH = '/api/v1/openapi.json';

/** The conventions page for bot authors: the document's introduction, shown at the top of /docs. */
const CONVENTIONS_FILE = join(import.meta.dirname, '..', '..', 'docs', 'api-conventions.md');

const TAGS = [
  {
    name: 'anime',
    'x-displayName': 'Anime',
    description: 'Anime images and GIFs (nekos.best shapes), anime data, daily answers, Genshin',
  },
  {
    name: 'media',
    'x-displayName': 'Media',
    description: 'The media CDN: pools, immutable files, menu cards',
  },
  { name: 'canvas', 'x-displayName': 'Canvas cards', description: 'PNG cards: rank, profile, level-up' },
  {
    name: 'fun',
    'x-displayName': 'Fun and games',
    description: 'Party and chat games in English and German',
  },
  {
    name: 'utility',
    'x-displayName': 'Utilities',
    description: 'Small tools: UUIDs, hashes, QR codes, colours, time',
  },
  {
    name: 'downloader',
    'x-displayName': 'Downloader',
    description: 'The media downloader: jobs, their files and the live queue',
  },
  { name: 'catalog', 'x-displayName': 'Catalog', description: 'What the public API offers right now' },
  {
    name: 'compatibility',
    'x-displayName': 'nekos.best and waifu.pics',
    description:
      'Drop-in mounts for existing clients: nekos.best v2 (/api/v2) and waifu.pics (/sfw, /many). ' +
      'Compatibility surfaces, not new versions of our API.',
  },
  { name: 'auth', 'x-displayName': 'Accounts', description: 'Accounts and sessions of the directory' },
  { name: 'groups', 'x-displayName': 'Groups', description: 'The group directory' },
  {
    name: 'admin',
    'x-displayName': 'Moderation',
    description: 'Moderation and the dashboard (admin accounts)',
  },
  { name: 'system', 'x-displayName': 'Health', description: 'Health checks for operators and orchestrators' },
];

/** The tab icon of /docs: the kanji 絆 (kizuna, "bond") on the accent colour, inline so it costs no request. */
const DOCS_FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#7c4dff"/>' +
    '<text x="32" y="46" font-size="40" text-anchor="middle" fill="#fff" font-family="sans-serif">絆</text></svg>',
)}`;

/** How /docs groups the tags in its sidebar. */
const TAG_GROUPS = [
  { name: 'Bot API', tags: ['anime', 'media', 'canvas', 'fun', 'utility', 'downloader', 'catalog'] },
  { name: 'Compatibility', tags: ['compatibility'] },
  { name: 'Directory', tags: ['auth', 'groups', 'admin'] },
  { name: 'Operations', tags: ['system'] },
];

/**
 * One OpenAPI 3.1 document generated from the route schemas, refined from the route options
 * (openapi-document.ts), at /api/v1/openapi.json; and a rendered, branded reference (Scalar) at
 * /docs under the same strict CSP as the browser UI.
 */
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
        summary: 'Free anime images, cards, games and tools for chat bots, and a moderated group directory.',
        description: readFileSync(CONVENTIONS_FILE, 'utf8'),
      },
      servers: [
        config.publicUrl
          ? { url: config.publicUrl, description: 'This Kizuna' }
          : { url: '/', description: 'The host this document was fetched from' },
      ],
      tags: TAGS,
      'x-tagGroups': TAG_GROUPS,
      components: {
        securitySchemes: securitySchemes({
          session: sessionCookieName(config),
          csrfCookie: csrfCookieName(config),
          csrfHeader: CSRF_HEADER,
        }),
      },
    } as Record<string, unknown>,
    // Who may call each operation comes from its route options, as the guards do (route-contract.ts).
    transform: ({ schema, url, route }) => {
      const hidden = !schema || (schema as { hide?: boolean }).hide;
      if (hidden) return { schema, url };
      const facts = operationFacts(url, route.config as Parameters<typeof operationFacts>[1]);
      return { schema: { ...schema, security: securityOf(facts), [FACTS_KEY]: facts } as typeof schema, url };
    },
    transformObject: (documentObject) =>
      refineDocument(
        ('openapiObject' in documentObject ? documentObject.openapiObject : {}) as Record<string, unknown>,
      ),
  });

  // The reference page is HTML: helmet's full set and the browser UI's CSP. Its one inline
  // script (Scalar's bootstrap, fixed by the configuration below) is allowed by its hash.
  await app.register(async (pages) => {
    const secure = Boolean(config.tls || config.trustProxy);
    await pages.register(helmet, {
      contentSecurityPolicy: { useDefaults: true, directives: pageCspDirectives(secure) },
      hsts: secure ? { maxAge: 31536000, includeSubDomains: true } : false,
    });
    pages.addHook('onSend', docsPageHeaders);
    // The three routes @scalar/fastify-api-reference registers, written here so that its 4 MB
    // script (a string literal in that module, 13 MB of every server's idle memory with the
    // module's source) is loaded on the first request for it, not at start.
    const routeOptions = { logLevel: 'warn', schema: { hide: true } } as const;
    pages.get('/docs', routeOptions, (_request, reply) => reply.redirect('/docs/', 301));
    pages.get('/docs/', routeOptions, (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(
        renderApiReference({
          config: { _integration: 'fastify', ...SCALAR_CONFIGURATION },
          cdn: SCALAR_SCRIPT_PATH,
          pageTitle: 'Kizuna API reference',
        }),
      ),
    );
    pages.get(`/docs/${SCALAR_SCRIPT_PATH}`, routeOptions, async (_request, reply) =>
      reply.type('application/javascript; charset=utf-8').send(await scalarScript()),
    );
  });

  // Outside the /api/v1 scope (it describes the directory too), but read by browser tools anywhere.
  app.get(OPENAPI_PATH, { config: { cache: 'catalog' }, schema: { hide: true } }, async (_request, reply) => {
    reply.headers(OPEN_CORS_HEADERS);
    return app.swagger();
  });
}

/** The reference page's script, relative to /docs/ (where the Scalar plugin serves it). */
const SCALAR_SCRIPT_PATH = 'js/scalar.js';

/** What the reference page shows and does (Scalar's configuration object). */
const SCALAR_CONFIGURATION = {
  url: OPENAPI_PATH,
  favicon: DOCS_FAVICON,
  theme: 'none',
  customCss: SCALAR_CSS,
  // No fonts, telemetry, agents or MCP services from elsewhere: the page talks to this host only.
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  hideClientButton: false,
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
  metaData: { title: 'Kizuna API reference', description: 'The HTTP API of Kizuna' },
} as const;

/**
 * Scalar's browser script as its Fastify plugin serves it, asked of the plugin once in a Fastify
 * instance of its own: the package exports no other way to it, and this way holds to what the
 * plugin sends, version after version.
 */
const scalarScript = loadOnce(async () => {
  const { default: scalar } = await import('@scalar/fastify-api-reference');
  const scratch = Fastify({ logger: false });
  try {
    await scratch.register(scalar, { routePrefix: '/docs', configuration: { url: OPENAPI_PATH } });
    const res = await scratch.inject(`/docs/${SCALAR_SCRIPT_PATH}`);
    if (res.statusCode !== 200)
      throw new Error(`the Scalar plugin answered ${res.statusCode} for its script`);
    return res.body;
  } finally {
    await scratch.close();
  }
});

/** Compressed copies of the reference's script (5 MB as sent by Scalar), made once per encoding. */
const compressedScripts = new Map<string, { source: string; bytes: Buffer }>();

function compressedScript(source: string, encoding: 'br' | 'gzip'): Buffer {
  const cached = compressedScripts.get(encoding);
  if (cached?.source === source) return cached.bytes;
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(source, { level: 6 });
  compressedScripts.set(encoding, { source, bytes });
  return bytes;
}

/**
 * The reference page allows its own inline bootstrap by hash and is asked again each time; its
 * script may be kept an hour and travels compressed (about a fifth of its size) when the client
 * takes brotli or gzip.
 */
async function docsPageHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const type = String(reply.getHeader('content-type') ?? '');
  if (reply.statusCode >= 400) return payload;
  if (type.startsWith('text/html') && typeof payload === 'string') {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.header('content-security-policy', allowInlineScripts(policy, inlineScripts(payload)));
    }
    reply.header('cache-control', NO_CACHE);
    return payload;
  }
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'public, max-age=3600');
  if (type.startsWith('application/javascript') && typeof payload === 'string') {
    reply.header('vary', 'accept-encoding');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    if (encoding) {
      const bytes = compressedScript(payload, encoding);
      reply.header('content-encoding', encoding).header('content-length', String(bytes.length));
      return bytes;
    }
  }
  return payload;
}

export default fp(openapiPlugin, { name: 'openapi', decorators: { fastify: ['config'] } });
