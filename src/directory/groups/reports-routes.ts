import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { conflict, forbidden, notFound } from '../../lib/problem.js';
import { IdParams, problemResponses } from '../../lib/schemas.js';
import { REPORT_REASONS, REPORT_TEXT_MAX_LENGTH } from '../directory-contract.js';
import type { GroupService } from './group-service.js';
import { cleanText } from './group-submission.js';
import { ReportSchema, toReportJson } from './report-json.js';
import { reportViews } from './reports-repository.js';

const ReportBody = Type.Object(
  {
    reason: Type.Enum([...REPORT_REASONS], { description: 'What is wrong with the group' }),
    text: Type.Optional(
      Type.String({ maxLength: REPORT_TEXT_MAX_LENGTH, description: 'More words for the moderators' }),
    ),
  },
  { additionalProperties: false },
);

export const reportsRoutes: FastifyPluginAsyncTypebox<{ groups: GroupService }> = async (app, { groups }) => {
  app.post(
    '/groups/:id/reports',
    {
      config: { cache: 'private', auth: 'user', csrf: true },
      schema: {
        tags: ['groups'],
        operationId: 'reportGroup',
        summary: 'Report a public group to the moderators',
        description:
          'One open report per account and group (a second is a 409 until an admin has decided the first). Your own group cannot be reported (403). When open reports from `REPORT_HIDE_THRESHOLD` verified accounts stand, the group leaves the public list until an admin decides.',
        params: IdParams,
        body: ReportBody,
        response: {
          201: Type.Object({ report: ReportSchema }),
          ...problemResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const text = cleanText(request.body.text ?? '');
      const result = await groups.report(id, request.user?.id as number, request.body.reason, text || null);
      if (!result.ok) {
        if (result.why === 'not-found') throw notFound(`No public group with id ${id}.`);
        if (result.why === 'own-group')
          throw forbidden('You cannot report your own group; edit or delete it instead.');
        throw conflict('You have an open report of this group already; the moderators will look at it.');
      }
      const [view] = await reportViews(app.db, [result.report]);
      return reply.code(201).send({ report: toReportJson(view) });
    },
  );
};
