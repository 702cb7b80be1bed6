import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { absoluteUrl } from '../../lib/absolute-url.js';
import { badRequest, conflict, notFound } from '../../lib/problem.js';
import { IdParams, problemResponses } from '../../lib/schemas.js';
import { REPORT_STATUSES } from '../directory-contract.js';
import { cursorOrder, decodeCursor, encodeCursor } from '../groups/cursor.js';
import { PAGE_HEADERS, PageQuery } from '../groups/group-page.js';
import type { GroupService } from '../groups/group-service.js';
import { ignoreJsonBody } from '../groups/ignore-json-body.js';
import { ReportSchema, toReportJson } from '../groups/report-json.js';
import { listReports, type ReportRow, reportViews } from '../groups/reports-repository.js';

const QueueQuery = Type.Object({
  status: Type.Enum([...REPORT_STATUSES], { default: 'open', description: 'Reports in this state' }),
  ...PageQuery,
});

async function reportJson(request: FastifyRequest, report: ReportRow) {
  const [view] = await reportViews(request.server.db, [report]);
  if (!view) throw notFound(`No report with id ${report.id}.`);
  return toReportJson(view);
}

export const adminReportsRoutes: FastifyPluginAsyncTypebox<{ groups: GroupService }> = async (
  app,
  { groups },
) => {
  ignoreJsonBody(app);

  app.get(
    '/admin/reports',
    {
      config: { cache: 'private', auth: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'listReports',
        summary: 'The report queue: reports in one state (open by default), newest first',
        description: `Each report names its group with the group's open reports. ${PAGE_HEADERS.description}`,
        querystring: QueueQuery,
        response: { 200: Type.Array(ReportSchema), ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { status, limit, cursor } = request.query;
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      if (after === null || (after && cursorOrder(after) !== 'newest')) {
        throw badRequest('cursor', 'is not a cursor from a Link header of this list');
      }
      const rows = await listReports(app.db, { status, after, limit: limit + 1 });
      if (rows.length > limit) {
        rows.length = limit;
        const last = rows[limit - 1];
        const params = new URLSearchParams(request.url.split('?')[1] ?? '');
        params.set('cursor', encodeCursor({ createdAt: last.created_at, id: last.id }));
        const path = `${request.url.split('?')[0]}?${params.toString()}`;
        reply.header('link', `<${absoluteUrl(request, path)}>; rel="next"`);
      }
      return (await reportViews(app.db, rows)).map(toReportJson);
    },
  );

  for (const [action, decision] of [
    ['resolve', 'resolved'],
    ['dismiss', 'dismissed'],
  ] as const) {
    app.post(
      `/admin/reports/:id/${action}`,
      {
        config: { cache: 'private', auth: 'admin', csrf: true },
        schema: {
          tags: ['admin'],
          operationId: `${action}Report`,
          summary:
            action === 'resolve'
              ? 'Resolve a report: it was right, and has been acted on'
              : 'Dismiss a report: nothing wrong with the group',
          description: `An open report becomes ${decision}; its group is public again once the open reports of verified accounts fall below \`REPORT_HIDE_THRESHOLD\`. Doing it again changes nothing; a report decided the other way is a 409.`,
          params: IdParams,
          response: {
            200: Type.Object({ report: ReportSchema }),
            ...problemResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) => {
        const { id } = request.params;
        const result = await groups.decideReport(id, decision);
        if (!result.ok && result.why === 'not-found') throw notFound(`No report with id ${id}.`);
        if (!result.ok) throw conflict(`Report ${id} is ${result.report?.status} already.`);
        return { report: await reportJson(request, result.report) };
      },
    );
  }
};
