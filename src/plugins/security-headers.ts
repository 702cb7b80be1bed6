import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

/**
 * The security headers of the JSON API and media responses, computed once. @fastify/helmet
 * builds its middleware anew on every request and sends a dozen headers that only matter to HTML
 * pages; on the API that halved the throughput of small routes (measured with `npm run bench`),
 * so it stays for the HTML pages (/docs) and the API gets the headers that apply to it.
 */
export function apiSecurityHeaders(config: Pick<Config, 'tls' | 'trustProxy'>): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    // Open CORS on /api/v1: images and JSON may be embedded from any origin.
    'cross-origin-resource-policy': 'cross-origin',
  };
  if (config.tls || config.trustProxy)
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

async function securityHeadersPlugin(app: FastifyInstance) {
  const headers = apiSecurityHeaders(app.config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers', decorators: { fastify: ['config'] } });
