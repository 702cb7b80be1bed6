import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/problem.js';
import { IdParams, problemResponses } from '../../lib/schemas.js';
import type { GroupService } from './group-service.js';
import { ignoreJsonBody } from './ignore-json-body.js';

const LikeState = Type.Object({
  id: Type.Integer(),
  likes: Type.Integer({ description: "The group's like count after this request" }),
  likedByMe: Type.Boolean(),
});

export const likesRoutes: FastifyPluginAsyncTypebox<{ groups: GroupService }> = async (app, { groups }) => {
  ignoreJsonBody(app);

  app.post(
    '/groups/:id/like',
    {
      config: { cache: 'private', auth: 'user', csrf: true },
      schema: {
        operationId: 'likeGroup',
        tags: ['groups'],
        summary: 'Like a verified group (once per account; repeating changes nothing)',
        params: IdParams,
        response: { 200: LikeState, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const state = await groups.like(request.params.id, request.user?.id as number);
      if (!state) throw notFound(`No verified group with id ${request.params.id}.`);
      return { id: request.params.id, likes: state.likes, likedByMe: state.likedByMe };
    },
  );

  app.delete(
    '/groups/:id/like',
    {
      config: { cache: 'private', auth: 'user', csrf: true },
      schema: {
        operationId: 'unlikeGroup',
        tags: ['groups'],
        summary: 'Take a like back',
        params: IdParams,
        response: { 200: LikeState, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const state = await groups.unlike(request.params.id, request.user?.id as number);
      if (!state) throw notFound(`No verified group with id ${request.params.id}.`);
      return { id: request.params.id, likes: state.likes, likedByMe: state.likedByMe };
    },
  );
};
