import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/problem.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: anything but a direct loopback request gets a 404, as if the route did not exist. */
    loopbackOnly: (request: FastifyRequest) => Promise<void>;
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

async function loopbackOnlyPlugin(app: FastifyInstance) {
  app.decorate('loopbackOnly', async (request: FastifyRequest) => {
    if (!isDirectLoopbackRequest(request))
      throw notFound(`No route for ${request.method} ${request.url.split('?')[0]}.`);
  });
}

export default fp(loopbackOnlyPlugin, { name: 'loopback-only' });
