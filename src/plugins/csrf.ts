import csrfProtection from '@fastify/csrf-protection';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { csrfTokenFor } from '../lib/csrf-token.js';
import { RandomPool } from '../lib/random-pool.js';
import { SharedCache } from '../lib/shared-cache.js';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * A CSRF token for this browser, setting the cookie with its secret when the request had none:
     * what @fastify/csrf-protection's generateCsrf() does, with the secret from a RandomPool.
     */
    csrfToken: () => string;
  }
}

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
  const cookieKey = csrfCookieName(config);
  const cookieOpts = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
    signed: true,
  };
  await app.register(csrfProtection, {
    // The library's defaults (sha256, 18-byte secrets, 8-character salts), for checking as for issuing.
    csrfOpts: {},
    cookieKey,
    cookieOpts,
    getToken: (request) => {
      const header = request.headers[CSRF_HEADER];
      return typeof header === 'string' ? header : undefined;
    },
  });

  // Issued here rather than by the plugin's generateCsrf(), which draws each new secret with its
  // own crypto.randomBytes() call: for a client without cookies (a bot asking GET /api/auth/me
  // each time) that was the largest single cost of the request. Same secret, cookie and token
  // (lib/csrf-token.ts).
  const secrets = new RandomPool();
  // A browser sends the same signed cookie with every request, and checking its signature (an
  // HMAC and a constant-time comparison) was the largest cost of a logged-in GET /api/auth/me. A
  // cookie value found valid is remembered with its secret for an hour (bounded, oldest first);
  // any other value is checked in full. Nothing invalidates it: the signing key never changes
  // while the process runs.
  const verified = new SharedCache<string>(VERIFIED_COOKIE_MS, VERIFIED_COOKIES_MAX);
  const secretOf = (reply: FastifyReply, cookie: string): string | null => {
    const known = verified.get(cookie);
    if (known !== undefined) return known;
    const { valid, value } = reply.unsignCookie(cookie);
    if (!valid || !value) return null;
    verified.set(cookie, value, verified.generation);
    return value;
  };
  // The cookie's attributes never change, so @fastify/cookie serializes them once, here, and a new
  // secret's Set-Cookie is that text behind the signed value. Its setCookie() built an options
  // object, a map entry and the whole header anew for every cookieless request (about a twentieth
  // of an anonymous GET /api/auth/me). A signed secret needs no encoding: base64url, a dot and
  // unpadded base64 are all cookie characters.
  const attributes = app.serializeCookie(cookieKey, '', cookieOpts).slice(`${cookieKey}=`.length);
  app.decorateReply('csrfToken', function (this: FastifyReply) {
    const cookie = this.request.cookies[cookieKey];
    let secret = cookie ? secretOf(this, cookie) : null;
    if (!secret) {
      secret = secrets.base64url(SECRET_BYTES);
      // Fastify adds a set-cookie header to those already set; @fastify/cookie's own keep theirs.
      this.header('set-cookie', `${cookieKey}=${this.signCookie(secret)}${attributes}`);
    }
    return csrfTokenFor(secret);
  });
}

/** @fastify/csrf's default secret length. */
const SECRET_BYTES = 18;

/** Signed CSRF cookies remembered as checked: about a megabyte at most, for an hour each. */
const VERIFIED_COOKIES_MAX = 10_000;
const VERIFIED_COOKIE_MS = 3600_000;

export default fp(csrfPlugin, {
  name: 'csrf',
  dependencies: ['@fastify/cookie'],
  decorators: { fastify: ['config'] },
});
