import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay from 'find-my-way';
import { absoluteUrl } from '../lib/absolute-url.js';
import { isOpenCorsPath, OPEN_CORS_HEADERS } from '../lib/http/cors.js';
import { Problem } from '../lib/problem.js';
import { sendProblem } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods some route answers for this concrete path (with OPTIONS when there is any). */
    allowedMethods(path: string): string[];
    /**
     * Lets one area answer some requests for unknown paths with a page of its own: the web UI
     * answers a browser's navigation with its HTML "Page not found" (src/web/web-ui.ts). Every
     * request the page leaves (it returns undefined) gets the problem+json 404 as before.
     */
    setNotFoundPage(page: NotFoundPage): void;
  }
}

/** Answers an unknown path, or returns undefined to leave it to the problem+json 404. */
export type NotFoundPage = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const pathOf = (url: string) => url.split('?')[0];

/**
 * What HTTP says about paths and methods, beyond what one route knows (README.md, "Conventions"):
 * a known path asked with another method answers 405 with `Allow`; an OPTIONS that is no CORS
 * preflight answers 204 with `Allow`; an unknown path under /api/v1 points at the catalog. A
 * second router (find-my-way, Fastify's own) holds every route, so that "which methods does this
 * path have" is answered by the same matching rules that route the requests.
 */
async function httpSemanticsPlugin(app: FastifyInstance, options: { maxParamLength?: number }) {
  const router = FindMyWay({ maxParamLength: options.maxParamLength ?? 500 });
  const noop = () => {};
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (!(METHODS as readonly string[]).includes(method)) continue;
      // A pattern the real router took is taken here too; a clash would have stopped Fastify first.
      if (!router.find(method as 'GET', route.url)) router.on(method as 'GET', route.url, noop);
    }
  });

  const allowedMethods = (path: string): string[] => {
    const found = METHODS.filter((method) => router.find(method, path) !== null);
    return found.length > 0 ? [...found, 'OPTIONS'] : [];
  };
  app.decorate('allowedMethods', allowedMethods);

  let notFoundPage: NotFoundPage | null = null;
  app.decorate('setNotFoundPage', (page: NotFoundPage) => {
    notFoundPage = page;
  });

  // Before the areas' CORS hooks: only a real preflight (it names the method it wants) is theirs.
  // A callback hook: on every other request it only looks at the method, and a promise per request shows.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] !== undefined)
      return done();
    const path = pathOf(request.url);
    const allow = allowedMethods(path);
    if (isOpenCorsPath(path)) reply.headers(OPEN_CORS_HEADERS);
    // Answered here, so `done` is not called (and nothing is returned: a reply is thenable).
    if (allow.length === 0) {
      sendProblem(reply, notFoundProblem(request));
      return;
    }
    reply.code(204).header('allow', allow.join(', ')).header('cache-control', 'no-store').send();
  });

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    if (isOpenCorsPath(path)) reply.headers(OPEN_CORS_HEADERS);
    const allow = allowedMethods(path);
    // A route of this very method that found nothing (a static file, a callNotFound) is a 404.
    if (allow.length > 0 && !allow.includes(request.method)) {
      return sendProblem(
        reply,
        new Problem('METHOD_NOT_ALLOWED', `${path} answers ${allow.join(', ')}, not ${request.method}.`, {
          headers: { allow: allow.join(', ') },
        }),
      );
    }
    return notFoundPage?.(request, reply) ?? sendProblem(reply, notFoundProblem(request));
  });
}

function notFoundProblem(request: FastifyRequest): Problem {
  const path = pathOf(request.url);
  if (/^\/api\/v1(?:\/|$)/.test(path)) {
    return new Problem(
      'NOT_FOUND',
      `No route for ${request.method} ${path}; every endpoint is listed at /api/v1/endpoints.`,
      { extensions: { endpoints: absoluteUrl(request, '/api/v1/endpoints') } },
    );
  }
  return new Problem('NOT_FOUND', `No route for ${request.method} ${path}.`);
}

/** The first line of a request as far as it arrived: "GET /path HTTP/1.1", or less. */
function requestLine(raw: Buffer | undefined): { path: string; complete: boolean } {
  const text = raw ? raw.subarray(0, 16 * 1024).toString('latin1') : '';
  const end = text.indexOf('\r\n');
  const line = end === -1 ? text : text.slice(0, end);
  return { path: line.split(' ')[1] ?? '', complete: end !== -1 };
}

/**
 * Fastify's `clientErrorHandler`: the answers Node's HTTP parser gives before any request exists
 * (a request line or header section too large, a client too slow), as problem+json with the
 * CORS headers of the area the request was for, instead of Fastify's bare JSON.
 */
export function clientErrorHandler(
  this: unknown,
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const line = requestLine(Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined);
  let problem: Problem;
  if (error.code === 'HPE_HEADER_OVERFLOW' && !line.complete) {
    problem = new Problem(
      'URI_TOO_LONG',
      'The request line is longer than this server reads; shorten the URL.',
    );
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    problem = new Problem(
      'HEADERS_TOO_LARGE',
      'The request headers are larger than this server reads (16 KiB).',
    );
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    problem = new Problem('REQUEST_TIMEOUT', 'The request did not arrive in time.');
  } else {
    problem = new Problem('VALIDATION_FAILED', 'The request is not valid HTTP.');
  }
  // Fastify calls this with the instance as `this`.
  (this as FastifyInstance).log.info({ code: error.code, status: problem.status }, 'client error');
  const body = JSON.stringify(problem.toBody());
  const headers: Record<string, string> = {
    'content-type': 'application/problem+json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
    ...(isOpenCorsPath(line.path) ? OPEN_CORS_HEADERS : {}),
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n${head}\r\n${body}`);
}

export default fp(httpSemanticsPlugin, { name: 'http-semantics' });
