import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/problem.js';
import { IdParams, problemResponses, responseHeaders } from '../../lib/schemas.js';
import { GroupSchema } from '../groups/group-json.js';
import { groupJsonFor, groupPage, PAGE_HEADERS, PageQuery } from '../groups/group-page.js';
import type { GroupService } from '../groups/group-service.js';
import { ignoreJsonBody } from '../groups/ignore-json-body.js';

const AdminListQuery = Type.Object({
  state: Type.Optional(
    Type.Union([Type.Literal('unverified'), Type.Literal('verified')], {
      description: 'Only groups in this state; all groups when absent',
    }),
  ),
  ...PageQuery,
});

export const adminGroupsRoutes: FastifyPluginAsyncTypebox<{ groups: GroupService }> = async (
  app,
  { groups },
) => {
  ignoreJsonBody(app);

  app.get(
    '/admin/groups',
    {
      config: { cache: 'private', auth: 'admin' },
      schema: {
        operationId: 'listAllGroups',
        tags: ['admin'],
        summary: 'All groups (the moderation queue), newest first',
        description: PAGE_HEADERS.description,
        querystring: AdminListQuery,
        response: {
          200: Type.Array(GroupSchema, { headers: responseHeaders('Link') }),
          ...problemResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { state, limit, cursor } = request.query;
      const verified = state === undefined ? undefined : state === 'verified';
      return groupPage(request, reply, { verified }, { limit, cursor }, { withSubmitter: true });
    },
  );

  app.post(
    '/admin/groups/:id/verify',
    {
      config: { cache: 'private', auth: 'admin', csrf: true },
      schema: {
        operationId: 'verifyGroup',
        tags: ['admin'],
        summary: 'Verify a group: it is public at once',
        params: IdParams,
        response: { 200: Type.Object({ group: GroupSchema }), ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await groups.verify(request.params.id);
      if (!row) throw notFound(`No group with id ${request.params.id}.`);
      return { group: groupJsonFor(request)(row) };
    },
  );

  app.delete(
    '/admin/groups/:id',
    {
      config: { cache: 'private', auth: 'admin', csrf: true },
      schema: {
        operationId: 'removeGroup',
        tags: ['admin'],
        summary: 'Delete a group permanently, with its likes and logo',
        params: IdParams,
        response: { 204: Type.Null(), ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!(await groups.remove(request.params.id, request.log)))
        throw notFound(`No group with id ${request.params.id}.`);
      return reply.code(204).send(null);
    },
  );
};
