import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/problem.js';
import { IdParams, problemResponses } from '../../lib/schemas.js';
import type { GroupService } from '../groups/group-service.js';
import { toUserJson, UserSchema } from '../users/user-json.js';
import { listLatestUsers, updateUser } from '../users/users-repository.js';

export const adminUsersRoutes: FastifyPluginAsyncTypebox<{ groups: GroupService }> = async (
  app,
  { groups },
) => {
  app.get(
    '/admin/users',
    {
      config: { cache: 'private', auth: 'admin' },
      schema: {
        operationId: 'listUsers',
        tags: ['admin'],
        summary: 'The latest 100 users, newest first',
        response: { 200: Type.Array(UserSchema), ...problemResponses(401, 403) },
      },
    },
    async () => (await listLatestUsers(app.db, 100)).map(toUserJson),
  );

  app.post(
    '/admin/users/:id/verify',
    {
      config: { cache: 'private', auth: 'admin', csrf: true },
      schema: {
        operationId: 'verifyUser',
        tags: ['admin'],
        summary: 'Mark a user as verified',
        params: IdParams,
        response: { 200: Type.Object({ user: UserSchema }), ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = await updateUser(app.db, request.params.id, { isVerified: true });
      if (!user) throw notFound(`No user with id ${request.params.id}.`);
      // Their sessions, reused for a moment (plugins/sessions.ts), say "verified" from now on.
      await app.forgetSessions();
      // A verified account's open reports count towards hiding a group (docs/groups.md, "Reports").
      await groups.reconsiderReportsBy(user.id);
      return { user: toUserJson(user) };
    },
  );
};
