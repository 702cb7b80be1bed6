import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthenticated } from '../lib/problem.js';
import { type CachePolicy, cacheHook } from './cache-policy.js';
import { operatorAccess } from './loopback-only.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route: anybody (the default), a logged-in user, an admin, or an admin or
     * the operator (`admin-or-operator`: without a session, what operator routes accept, a
     * direct loopback request or OPERATOR_TOKEN as a bearer token).
     */
    auth?: 'none' | 'user' | 'admin' | 'admin-or-operator';
    /** The request must carry the CSRF token in `x-csrf-token` (every state-changing directory route). */
    csrf?: boolean;
    /** What caches may keep of the route's answers (see cache-policy.ts); every documented route says. */
    cache?: CachePolicy;
  }
}

/** A route whose declared contract is incomplete; thrown while routes are registered, so the app never starts. */
export class RouteContractError extends Error {
  constructor(route: Pick<RouteOptions, 'method' | 'url'>, problem: string) {
    super(`${[route.method].flat().join(',')} ${route.url}: ${problem}`);
    this.name = 'RouteContractError';
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The directory is everything under /api except the public bot API, which uses no cookies. */
const isDirectoryPath = (url: string) =>
  (url === '/api' || url.startsWith('/api/')) && !/^\/api\/v1(?:$|[/*])/.test(url);

async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
}

async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
  if (request.user.role !== 'admin') throw forbidden('This needs an admin account.');
}

/** Requests let in as the operator (no session); they carry no cookie to forge, so no CSRF check. */
const admittedAsOperator = new WeakSet<FastifyRequest>();

/**
 * The body types a browser sends to another site without asking first (CORS "simple" requests).
 * A page on any site could make the operator's browser send one of these to loopback, so a
 * request let in by loopback alone must not be one of them.
 */
const SIMPLE_BODY = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;

function requireAdminOrOperator(operatorToken: string | undefined) {
  return async (request: FastifyRequest): Promise<void> => {
    // A session speaks for its user; only without one may the operator's way in be used.
    if (request.user) {
      if (request.user.role !== 'admin') throw forbidden('This needs an admin account.');
      return;
    }
    const bodyIsSimple = SIMPLE_BODY.test(request.headers['content-type'] ?? '');
    if (operatorAccess(request, operatorToken) && !(bodyIsSimple && operatorToken === undefined)) {
      admittedAsOperator.add(request);
      return;
    }
    throw unauthenticated('Log in as an admin (or call from this server, as the operator).');
  };
}

/**
 * Each route declares what it needs in its options (`config: { auth: 'user', csrf: true }`); this
 * plugin turns that into guards, all in onRequest so that a refused request is never read (an
 * upload is not received, a body not parsed), the login check before the CSRF check. It also
 * refuses to start an app whose routes leave out a part of their contract: a state-changing
 * directory route without a CSRF check, a route without a response schema for the statuses
 * it answers, or a documented route that does not say how its answers may be cached.
 */
async function routeContractPlugin(app: FastifyInstance) {
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    checkResponses(route);
    const { auth = 'none', csrf = false } = route.config ?? {};
    const methods = [route.method].flat();
    if (methods.some((method) => STATE_CHANGING.has(method)) && isDirectoryPath(route.url) && !csrf) {
      throw new RouteContractError(route, 'a state-changing directory route must declare config.csrf');
    }

    const guards: onRequestHookHandler[] = [];
    if (auth !== 'none') {
      if (!this.hasRequestDecorator('user')) {
        throw new RouteContractError(route, `config.auth '${auth}' needs the sessions plugin in its scope`);
      }
      guards.push(
        auth === 'admin-or-operator'
          ? requireAdminOrOperator(this.config.operatorToken)
          : auth === 'admin'
            ? requireAdmin
            : requireUser,
      );
    }
    if (csrf) {
      if (!this.csrfProtection) {
        throw new RouteContractError(route, 'config.csrf needs the csrf plugin in its scope');
      }
      const check = this.csrfProtection;
      guards.push(
        auth === 'admin-or-operator'
          ? function csrfUnlessOperator(this: FastifyInstance, request, reply, done) {
              if (admittedAsOperator.has(request)) return done();
              return check.call(this, request, reply, done);
            }
          : check,
      );
    }
    // A new array: the options object is shared with the HEAD twin of a GET route, which gets its own.
    if (guards.length > 0) route.onRequest = [...guards, ...[route.onRequest ?? []].flat()];
    const { cache } = route.config ?? {};
    if (cache !== undefined) route.onSend = [...[route.onSend ?? []].flat(), cacheHook(cache)];
  });
}

/**
 * Every documented route has a response schema with a success status, and the statuses its
 * guards answer with. Routes hidden from the documentation (library pages, static files, the web
 * UI) and WebSocket upgrades send no JSON that a response schema could describe.
 */
function checkResponses(route: RouteOptions & { wsHandler?: unknown }): void {
  const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
  const statuses = Object.keys(schema?.response ?? {});
  const has = (status: number) =>
    statuses.some((key) => key === String(status) || key.toLowerCase() === `${String(status)[0]}xx`);
  // A WebSocket route succeeds with 101 Switching Protocols; its plain-HTTP answer is an error.
  const upgrades = route.websocket || route.wsHandler !== undefined;
  if (schema && !schema.hide && !upgrades && !statuses.some((key) => /^2(\d\d|xx)$/i.test(key))) {
    throw new RouteContractError(route, 'the schema declares no response for a success (2xx) status');
  }
  const { auth = 'none', csrf = false, cache } = route.config ?? {};
  if (schema && !schema.hide && cache === undefined) {
    throw new RouteContractError(route, 'the route declares no config.cache policy');
  }
  const needed = [
    ...(auth === 'none' ? [] : [401]),
    ...(auth === 'admin' || auth === 'admin-or-operator' || csrf ? [403] : []),
  ];
  const missing = needed.filter((status) => !has(status));
  if (missing.length > 0) {
    throw new RouteContractError(route, `the schema declares no response for ${missing.join(' and ')}`);
  }
}

export default fp(routeContractPlugin, { name: 'route-contract' });
