import { Type } from 'typebox';
import type { ReportJson, ReportReason, ReportStatus } from '../directory-contract.js';
import { statusOf } from './group-state.js';
import type { ReportView } from './reports-repository.js';

/** The wire shape of a report (the admin queue, and the 201 of a new one); its type is ReportJson. */
export const ReportSchema = Type.Object(
  {
    id: Type.Integer(),
    group: Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      status: Type.Union([Type.Literal('pending'), Type.Literal('verified'), Type.Literal('rejected')]),
      openReports: Type.Integer({ description: 'Open reports of this group, this one included while open' }),
    }),
    reporter: Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()], {
      description: 'Null when the account is gone',
    }),
    reason: Type.Union([
      Type.Literal('spam'),
      Type.Literal('scam'),
      Type.Literal('nsfw'),
      Type.Literal('hate'),
      Type.Literal('dead-link'),
      Type.Literal('other'),
    ]),
    text: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union([Type.Literal('open'), Type.Literal('resolved'), Type.Literal('dismissed')]),
    createdAt: Type.String({ format: 'date-time' }),
    decidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'Report' },
);

export function toReportJson(view: ReportView): ReportJson {
  const { report, group } = view;
  return {
    id: report.id,
    group: {
      id: group.id,
      title: group.title,
      status: statusOf(group.is_verified),
      openReports: view.openReports,
    },
    reporter: view.reporter,
    reason: report.reason as ReportReason,
    text: report.text,
    status: report.status as ReportStatus,
    createdAt: report.created_at,
    decidedAt: report.decided_at,
  };
}
