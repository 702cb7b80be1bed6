import { readFileSync } from 'node:fs';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { type DestinationStream, type LoggerOptions, pino } from 'pino';
import { type Config, ConfigError, scaleOutWarnings } from './config.js';
import { adminSpecProblems, ensureAdmin } from './directory/admin/bootstrap-admin.js';
import { directory } from './directory/index.js';
import csrf from './plugins/csrf.js';
import database from './plugins/database.js';
import engines from './plugins/engines.js';
import errors, { sendFrameworkError } from './plugins/errors.js';
import { healthRoutes } from './plugins/health.js';
import httpSemantics, { clientErrorHandler } from './plugins/http-semantics.js';
import { httpsRedirect } from './plugins/https-redirect.js';
import jsonBody from './plugins/json-body.js';
import { withLazyChildren } from './plugins/lazy-request-logger.js';
import { lazySchemaCompilers } from './plugins/lazy-schemas.js';
import loopbackOnly from './plugins/loopback-only.js';
import metrics from './plugins/metrics.js';
import openapi from './plugins/openapi.js';
import redis from './plugins/redis.js';
import requestLog from './plugins/request-log.js';
import routeContract from './plugins/route-contract.js';
import securityHeaders from './plugins/security-headers.js';
import sessions from './plugins/sessions.js';
import storage from './plugins/storage.js';
import sweeps from './plugins/sweeps.js';
import { installCatalog } from './v1/catalog/catalog-registry.js';
import { publicApi } from './v1/index.js';
import { webUi } from './web/web-ui.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildOptions {
  /** false silences the log (tests); an object is handed to pino (its `stream`, the destination). */
  logger?: false | (LoggerOptions & { stream?: DestinationStream });
}

function pinoLogger({ stream, ...options }: LoggerOptions & { stream?: DestinationStream }) {
  return stream ? pino(options, stream) : pino(options);
}

/**
 * The whole service as a Fastify instance, ready for inject() or listen(). Throws a ConfigError,
 * before it opens anything, when the ADMIN_* account breaks the rules of registration.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const adminProblems = config.admin ? adminSpecProblems(config.admin) : [];
  if (adminProblems.length > 0) throw new ConfigError(adminProblems);

  const log = options.logger ?? {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.password_hash',
        '*.passwordHash',
      ],
      censor: '[redacted]',
    },
  };
  const serverOptions = {
    // Our pino logger rather than Fastify's, for its lazy children (plugins/lazy-request-logger.ts).
    ...(log === false ? { logger: false } : { loggerInstance: withLazyChildren(pinoLogger(log)) }),
    // Fastify also takes a hop count here, which its types do not spell.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    ...(config.tls
      ? { https: { cert: readFileSync(config.tls.cert), key: readFileSync(config.tls.key) } }
      : {}),
    // strictNumbers off: with it on (Ajv's default), a query value "1e400" is coerced to Infinity and
    // then skips minimum/maximum, whose checks Ajv guards with isFinite. Off, the bounds apply.
    ajv: { customOptions: { allErrors: true, strictNumbers: false } },
    // Each route's validators and serializers compile on its first request (plugins/lazy-schemas.ts).
    schemaController: lazySchemaCompilers(),
    // compile: find-my-way turns each method's routing tree into generated code once every route
    // is registered (Fastify's `compile` option), instead of walking the tree on every request.
    routerOptions: { maxParamLength: 500, compile: true },
    // While draining, a request that arrives on an open connection is still answered, with
    // Connection: close, instead of Fastify's bare-JSON 503.
    return503OnClosing: false,
    // One line per request at debug instead of two at info (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: sendFrameworkError,
    clientErrorHandler,
  };
  const app = Fastify(serverOptions as FastifyServerOptions).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  for (const warning of scaleOutWarnings(config)) app.log.warn(warning);
  installCatalog(app);
  // Before any route: it watches every route as it is registered.
  await app.register(requestLog);
  await app.register(routeContract);
  await app.register(httpSemantics, { maxParamLength: serverOptions.routerOptions.maxParamLength });
  await app.register(errors);
  await app.register(jsonBody);
  await app.register(database);
  await app.register(redis);
  await app.register(sweeps);
  await app.register(engines);
  await app.register(storage);
  await app.register(loopbackOnly);
  await app.register(securityHeaders);
  if (config.trustProxy) app.addHook('onRequest', httpsRedirect);
  // At the root: the live queue listens both under /api/v1 and at /ws, and the plugin's hooks
  // close an upgrade request that reaches any other route (scoped, those sockets stayed open).
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(openapi);
  await app.register(metrics);
  await app.register(healthRoutes);
  // Cookies, CSRF and sessions only around the directory: the bot API and the pages use none, and
  // their hooks would run on every request.
  await app.register(async (withSessions) => {
    await withSessions.register(cookie, { secret: app.config.sessionSecret });
    await withSessions.register(csrf);
    await withSessions.register(sessions);
    await withSessions.register(directory, { prefix: '/api' });
  });
  await app.register(publicApi);
  await app.register(webUi);

  if (config.admin) {
    const outcome = await ensureAdmin(app.db, config.admin);
    app.log.info({ username: config.admin.username, outcome }, 'admin account checked');
  }

  await app.ready();
  return app;
}
