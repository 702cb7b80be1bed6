import csrfProtection from '@fastify/csrf-protection';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

/** The cookie that holds the secret the CSRF tokens are checked against; `__Host-` prefixed when Secure. */
export const csrfCookieName = (config: Pick<Config, 'secureCookies'>) =>
  config.secureCookies ? '__Host-kizuna-csrf' : 'kizuna-csrf';

/** The request header that carries the CSRF token. */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * CSRF tokens bound to a secret in their own signed cookie rather than to the session, so the
 * token from the first GET /api/auth/me keeps working across login and logout (the spec's client
 * flow), while a token issued to another browser never matches this one's secret.
 */
async function csrfPlugin(app: FastifyInstance) {
  const { config } = app;
  await app.register(csrfProtection, {
    cookieKey: csrfCookieName(config),
    cookieOpts: { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies, signed: true },
    getToken: (request) => {
      const header = request.headers[CSRF_HEADER];
      return typeof header === 'string' ? header : undefined;
    },
  });
}

export default fp(csrfPlugin, {
  name: 'csrf',
  dependencies: ['@fastify/cookie'],
  decorators: { fastify: ['config'] },
});
