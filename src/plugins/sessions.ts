import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import {
  createSession,
  destroySession,
  findSessionUser,
  SESSION_ABSOLUTE_MS,
  type SessionUser,
} from '../directory/auth/sessions-repository.js';
import { shareCache } from '../directory/cache-sharing.js';
import { SharedCache } from '../lib/shared-cache.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, once `loadSession` has run (directory routes); null when anonymous. */
    user: SessionUser | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** Sets request.user from the session cookie; undefined (no promise) when there is none. */
    loadSession: (request: FastifyRequest) => Promise<void> | undefined;
    startSession: (request: FastifyRequest, reply: FastifyReply, userId: number) => Promise<void>;
    endSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** After a change to an account (verified, role, password): no instance reuses its sessions. */
    forgetSessions: () => Promise<void>;
  }
}

/** The session cookie's name; `__Host-` prefixed when cookies are Secure. */
export const sessionCookieName = (config: Pick<Config, 'secureCookies'>) =>
  config.secureCookies ? '__Host-kizuna-session' : 'kizuna-session';

/** Server-side sessions in the database; the cookie carries a random id whose hash is the key. */
async function sessionsPlugin(app: FastifyInstance) {
  const { config } = app;
  const cookieName = sessionCookieName(config);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
  };

  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  // Every directory request with a session cookie needs its user: a lookup that cost more than
  // the rest of GET /api/auth/me (docs/benchmarks.md), so a found session is reused for
  // SESSION_CACHE_MS. Every write that ends a session or changes an account empties the cache
  // (lib/shared-cache.ts), on every instance when Redis connects them. Unknown ids are not cached.
  const cache = new SharedCache<SessionUser>(config.sessionCacheMs, 10_000);
  await shareCache(app, cache, 'sessions');

  app.decorate('loadSession', (request: FastifyRequest) => {
    const rawId = request.cookies[cookieName];
    if (!rawId || rawId.length > 100) return undefined;
    const cached = cache.get(rawId);
    if (cached) {
      request.user = cached;
      request.sessionId = rawId;
      return undefined;
    }
    const generation = cache.generation;
    return findSessionUser(app.db, rawId).then((user) => {
      if (!user) return;
      cache.set(rawId, user, generation);
      request.user = user;
      request.sessionId = rawId;
    });
  });

  app.decorate('forgetSessions', () => cache.invalidate());

  // A new id at every login, so a session id planted before login is worth nothing after it.
  app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    if (request.sessionId) {
      await destroySession(app.db, request.sessionId);
      await cache.invalidate();
    }
    const rawId = await createSession(app.db, userId);
    request.sessionId = rawId;
    reply.setCookie(cookieName, rawId, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
  });

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const rawId = request.sessionId ?? request.cookies[cookieName];
    if (rawId) {
      await destroySession(app.db, rawId);
      await cache.invalidate();
    }
    request.user = null;
    request.sessionId = null;
    reply.clearCookie(cookieName, cookieOptions);
  });
}

export default fp(sessionsPlugin, {
  name: 'sessions',
  dependencies: ['database'],
  decorators: { fastify: ['config'] },
});
