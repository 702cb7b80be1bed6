import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/problem.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler of operator things (private pools): with OPERATOR_TOKEN set, only a request
     * carrying it as a bearer token passes; without, only a direct loopback request. Anything
     * else gets a 404, as if the route did not exist.
     */
    operatorOnly: (request: FastifyRequest) => Promise<void>;
    /** The same for GET /metrics, keyed on METRICS_TOKEN. */
    metricsOnly: (request: FastifyRequest) => Promise<void>;
  }
}

const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'x-client-ip',
  'cf-connecting-ip',
  'true-client-ip',
  'via',
];

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * A request counts as local only when the socket's peer is loopback and nothing in it says it was
 * relayed: a reverse proxy on the same machine connects from loopback too, on behalf of anyone.
 */
export function isDirectLoopbackRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  // Any x-forwarded-* counts too (x-forwarded-port, -server, -prefix…): proxies invent new ones.
  return !Object.keys(request.headers).some(
    (name) => name.startsWith('x-forwarded-') || FORWARDING_HEADERS.includes(name),
  );
}

/** True when the request's Authorization is `Bearer <token>`; compared in constant time. */
export function carriesBearer(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) return false;
  // Hashed first, so the comparison takes the same time whatever the lengths.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Who may reach an operator endpoint. Without a token, a direct loopback request (the default,
 * right when nothing relays to Kizuna without a forwarding header). With a token, the token
 * alone: behind a TLS terminator or port-forward that adds no forwarding header every outside
 * request looks local, so loopback proves nothing there (README, Running in production).
 */
export function operatorAccess(request: FastifyRequest, token: string | undefined): boolean {
  return token === undefined ? isDirectLoopbackRequest(request) : carriesBearer(request, token);
}

async function loopbackOnlyPlugin(app: FastifyInstance) {
  const gate = (token: string | undefined) => async (request: FastifyRequest) => {
    if (!operatorAccess(request, token))
      throw notFound(`No route for ${request.method} ${request.url.split('?')[0]}.`);
  };
  app.decorate('operatorOnly', gate(app.config.operatorToken));
  app.decorate('metricsOnly', gate(app.config.metricsToken));
}

export default fp(loopbackOnlyPlugin, { name: 'loopback-only' });
