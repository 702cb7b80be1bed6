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

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, once `loadSession` has run (directory routes); null when anonymous. */
    user: SessionUser | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    loadSession: (request: FastifyRequest) => Promise<void>;
    startSession: (request: FastifyRequest, reply: FastifyReply, userId: number) => Promise<void>;
    endSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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

  app.decorate('loadSession', async (request: FastifyRequest) => {
    const rawId = request.cookies[cookieName];
    if (!rawId || rawId.length > 100) return;
    const user = await findSessionUser(app.db, rawId);
    if (user) {
      request.user = user;
      request.sessionId = rawId;
    }
  });

  // A new id at every login, so a session id planted before login is worth nothing after it.
  app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    if (request.sessionId) await destroySession(app.db, request.sessionId);
    const rawId = await createSession(app.db, userId);
    request.sessionId = rawId;
    reply.setCookie(cookieName, rawId, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
  });

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const rawId = request.sessionId ?? request.cookies[cookieName];
    if (rawId) await destroySession(app.db, rawId);
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
