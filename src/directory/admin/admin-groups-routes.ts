import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { badRequest, notFound } from '../../lib/problem.js';
import { IdParams, problemResponses, responseHeaders } from '../../lib/schemas.js';
import { REJECTION_REASON_MAX_LENGTH } from '../directory-contract.js';
import { type GroupRow, GroupSchema } from '../groups/group-json.js';
import { addViewFields, groupJsonFor, groupPage, PAGE_HEADERS, PageQuery } from '../groups/group-page.js';
import type { GroupService } from '../groups/group-service.js';
import { GROUP_STATE, VERIFIED_STATES } from '../groups/group-state.js';
import { cleanText } from '../groups/group-submission.js';
import { ignoreJsonBody } from '../groups/ignore-json-body.js';

const AdminListQuery = Type.Object({
  state: Type.Optional(
    Type.Union(
      [
        Type.Literal('pending'),
        Type.Literal('verified'),
        Type.Literal('rejected'),
        Type.Literal('unverified'),
      ],
      {
        description:
          'Only groups in this state (unverified is pending, as it was named before there was a rejected state); all groups when absent',
      },
    ),
  ),
  ...PageQuery,
});

/** The review states each `state` of the admin list stands for (group-state.ts). */
const STATES = {
  pending: [GROUP_STATE.pending],
  unverified: [GROUP_STATE.pending],
  verified: VERIFIED_STATES,
  rejected: [GROUP_STATE.rejected],
} as const;

const RejectBody = Type.Object(
  {
    reason: Type.String({
      minLength: 1,
      maxLength: REJECTION_REASON_MAX_LENGTH,
      description: 'Why, in words the owner reads beside the group in /api/groups/mine',
    }),
  },
  { additionalProperties: false },
);

/** One group as the admin sees it: with its submitter and open reports. */
async function adminGroupJson(request: FastifyRequest, row: GroupRow) {
  const group = groupJsonFor(request)(row);
  await addViewFields(request.server.db, [row], [group], 'admin');
  return group;
}

export const adminGroupsRoutes: FastifyPluginAsyncTypebox<{ groups: GroupService }> = async (
  app,
  { groups },
) => {
  await app.register(bodilessRoutes, { groups });

  app.post(
    '/admin/groups/:id/reject',
    {
      config: { cache: 'private', auth: 'admin', csrf: true },
      schema: {
        tags: ['admin'],
        operationId: 'rejectGroup',
        summary: 'Reject a group with a reason: it is not public, and its owner sees why',
        description:
          'From any state. The reason (1 to 500 characters) shows beside the group in the owner’s `GET /api/groups/mine`; the group’s open reports are resolved. An owner’s later edit sends it back to review.',
        params: IdParams,
        body: RejectBody,
        response: { 200: Type.Object({ group: GroupSchema }), ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const reason = cleanText(request.body.reason);
      if (reason === '') throw badRequest('reason', 'must not be blank');
      const row = await groups.reject(request.params.id, reason);
      if (!row) throw notFound(`No group with id ${request.params.id}.`);
      return { group: await adminGroupJson(request, row) };
    },
  );
};

/** The routes that take no body, in a scope of their own that ignores one (ignore-json-body.ts). */
const bodilessRoutes: FastifyPluginAsyncTypebox<{ groups: GroupService }> = async (app, { groups }) => {
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
      const states = state === undefined ? undefined : STATES[state];
      return groupPage(request, reply, { states }, { limit, cursor }, { view: 'admin' });
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
        description:
          'From any state: a pending group is public at once, a rejected one loses its reason, and a group hidden by reports comes back. Its open reports are dismissed.',
        params: IdParams,
        response: { 200: Type.Object({ group: GroupSchema }), ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await groups.verify(request.params.id);
      if (!row) throw notFound(`No group with id ${request.params.id}.`);
      return { group: await adminGroupJson(request, row) };
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
