import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from 'typebox';
import { isUniqueViolation } from '../../db/errors.js';
import { requestClientNetwork } from '../../lib/client-network.js';
import { conflict, rateLimited, unauthenticated } from '../../lib/problem.js';
import { problemResponses } from '../../lib/schemas.js';
import { usernameSkeleton } from '../../lib/username-skeleton.js';
import { toUserJson, UserSchema } from '../users/user-json.js';
import {
  createUser,
  findUserByLogin,
  findUserByUsernameOrEmail,
  userKey,
} from '../users/users-repository.js';
import { WRITE_BUDGET_WINDOW_MS, withinBudgets } from '../write-budget.js';
import { isReservedUsername, NewAccountFields } from './account-fields.js';
import { knownDeviceAccount, rememberDevice } from './known-device.js';
import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  clearFailures,
  PAIR_POLICY,
  refundAttempt,
  reserveAttempt,
  type ThrottleKey,
} from './login-throttle.js';
import { hashPassword, PASSWORD_MAX, verifyPassword } from './passwords.js';

const RegisterBody = NewAccountFields;

const LoginBody = Type.Object({
  usernameOrEmail: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
});

const UserEnvelope = Type.Object({ user: UserSchema });
const BAD_LOGIN = 'Wrong username, e-mail or password.';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/me',
    {
      config: { cache: 'no-store' },
      schema: {
        operationId: 'getSession',
        tags: ['auth'],
        summary: 'The current session and a CSRF token for state-changing requests',
        response: {
          200: Type.Object(
            {
              loggedIn: Type.Boolean(),
              user: Type.Optional(UserSchema),
              csrfToken: Type.String({
                description: 'Send it as `x-csrf-token` on every state-changing request.',
              }),
            },
            { examples: [{ loggedIn: false, csrfToken: 'bSJDmqnb-5P6ZQ0kxbcwq4Dx6sd1w3kvUd3c' }] },
          ),
        },
      },
    },
    async (request, reply) => {
      const csrfToken = reply.csrfToken();
      return request.user
        ? { loggedIn: true, user: toUserJson(request.user), csrfToken }
        : { loggedIn: false, csrfToken };
    },
  );

  app.post(
    '/auth/register',
    {
      config: { cache: 'private', csrf: true },
      schema: {
        operationId: 'registerAccount',
        tags: ['auth'],
        summary: 'Create an account (does not log in)',
        body: RegisterBody,
        response: { 201: UserEnvelope, ...problemResponses(400, 403, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const budget = {
        key: `register:${requestClientNetwork(request)}`,
        limit: app.config.registrationsPerHour,
        windowMs: WRITE_BUDGET_WINDOW_MS,
      };
      const user = await withinBudgets(app.db, [budget], () => register(request.body));
      return reply.code(201).send({ user: toUserJson(user) });
    },
  );

  const register = async ({ username, email, password }: Static<typeof RegisterBody>) => {
    // Reserved names and look-alikes of reserved or existing names count as taken
    // (docs/directory.md, Accounts).
    if (isReservedUsername(username)) throw conflict('That username is taken.', 'username');
    const taken = await findUserByUsernameOrEmail(app.db, username, email);
    const skeleton = usernameSkeleton(username.trim());
    if (taken.some((u) => u.username_key === userKey(username) || u.username_skeleton === skeleton))
      throw conflict('That username is taken.', 'username');
    if (taken.length > 0) throw conflict('That e-mail address is already registered.', 'email');
    const passwordHash = await hashPassword(password);
    try {
      return await createUser(app.db, {
        username: username.trim(),
        email: email.trim(),
        passwordHash,
      });
    } catch (error) {
      // Two registrations raced past the check above; the unique index decided.
      if (isUniqueViolation(error)) throw conflict('That username or e-mail address is taken.');
      throw error;
    }
  };

  app.post(
    '/auth/login',
    {
      config: { cache: 'private', csrf: true },
      schema: {
        operationId: 'logIn',
        tags: ['auth'],
        summary: 'Log in with a username or e-mail address',
        body: LoginBody,
        response: { 200: UserEnvelope, ...problemResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const { usernameOrEmail, password } = request.body;
      const user = await findUserByLogin(app.db, usernameOrEmail);
      // Keyed on the account, so its username and its e-mail share one count of failures.
      const account = user ? `account:${user.id}` : `account:${userKey(usernameOrEmail)}`;
      const network = requestClientNetwork(request);
      const pair: ThrottleKey = { key: `pair:${network}:${account}`, policy: PAIR_POLICY };
      const shared: ThrottleKey[] = [{ key: `address:${network}`, policy: ADDRESS_POLICY }];
      if (!user || knownDeviceAccount(request, app.config.secureCookies) !== user.id)
        shared.push({ key: account, policy: ACCOUNT_POLICY });

      const wait = await reserveAttempt(app.db, [pair, ...shared]);
      if (wait > 0) throw rateLimited(wait, 'Too many failed logins; wait before trying again.');
      if (!(await verifyPassword(user?.password_hash, password)) || !user) throw unauthenticated(BAD_LOGIN);

      await clearFailures(app.db, pair.key);
      await refundAttempt(app.db, shared);
      rememberDevice(reply, app.config.secureCookies, user.id);
      await app.startSession(request, reply, user.id);
      return { user: toUserJson(user) };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { cache: 'private', csrf: true },
      schema: {
        operationId: 'logOut',
        tags: ['auth'],
        summary: 'End the session',
        response: { 204: Type.Null(), ...problemResponses(403) },
      },
    },
    async (request, reply) => {
      await app.endSession(request, reply);
      return reply.code(204).send(null);
    },
  );
};
