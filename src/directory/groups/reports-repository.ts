import type { Kysely, Selectable, Transaction } from 'kysely';
import { type Database, dialectOf, nowIso } from '../../db/database.js';
import { retryConflicts } from '../../db/retry-conflicts.js';
import type { GroupReportsTable } from '../../db/tables/groups.js';
import type { ReportReason, ReportStatus } from '../directory-contract.js';
import type { Cursor } from './cursor.js';
import { GROUP_STATE } from './group-state.js';
import { usernames } from './groups-repository.js';

export type ReportRow = Selectable<GroupReportsTable>;

/** A report with what the queue shows beside it: its group, the group's open reports, the reporter. */
export interface ReportView {
  report: ReportRow;
  group: { id: number; title: string; is_verified: number };
  openReports: number;
  reporter: { id: number; username: string } | null;
}

const REPORT_COLUMNS = [
  'id',
  'group_id',
  'reporter_id',
  'reason',
  'text',
  'status',
  'created_at',
  'decided_at',
] as const;

export type NewReportResult =
  | { ok: true; report: ReportRow; stateChanged: boolean }
  | { ok: false; why: 'not-found' | 'own-group' | 'already-open' };

/**
 * Files a report of a public group. In one transaction that first takes the group row (as likes
 * do), so that two reports of one group count each other: refused for an unknown or non-public
 * group, for the reporter's own group and for a second open report of the same reporter; then
 * the group is hidden when enough verified users have open reports of it (`threshold`).
 */
export function insertReport(
  db: Kysely<Database>,
  report: { groupId: number; reporterId: number; reason: ReportReason; text: string | null },
  threshold: number,
): Promise<NewReportResult> {
  const postgres = dialectOf(db) === 'postgres';
  return retryConflicts(() =>
    db.transaction().execute(async (trx): Promise<NewReportResult> => {
      const group = await trx
        .selectFrom('groups')
        .select(['submitted_by'])
        .where('id', '=', report.groupId)
        .where('is_verified', '=', GROUP_STATE.public)
        .$if(postgres, (query) => query.forNoKeyUpdate())
        .executeTakeFirst();
      if (!group) return { ok: false, why: 'not-found' };
      if (group.submitted_by === report.reporterId) return { ok: false, why: 'own-group' };
      const open = await trx
        .selectFrom('group_reports')
        .select('id')
        .where('group_id', '=', report.groupId)
        .where('reporter_id', '=', report.reporterId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (open) return { ok: false, why: 'already-open' };
      const row = await trx
        .insertInto('group_reports')
        .values({
          group_id: report.groupId,
          reporter_id: report.reporterId,
          reason: report.reason,
          text: report.text,
          status: 'open',
          created_at: nowIso(),
        })
        .returning(REPORT_COLUMNS)
        .executeTakeFirstOrThrow();
      const stateChanged = await reconsiderVisibility(trx, report.groupId, threshold);
      return { ok: true, report: row, stateChanged };
    }),
  );
}

export type DecideResult =
  | { ok: true; report: ReportRow; stateChanged: boolean }
  | { ok: false; why: 'not-found' | 'decided'; report?: ReportRow };

/**
 * Resolves or dismisses an open report, then brings its group back to the public list when the
 * open reports of verified users fall below the threshold. The group row is taken first, as in
 * every write that touches a group and its reports, so none of them waits for another in a
 * circle. Deciding a report the same way again changes nothing; the other way is refused.
 */
export async function decideReport(
  db: Kysely<Database>,
  reportId: number,
  decision: Exclude<ReportStatus, 'open'>,
  threshold: number,
): Promise<DecideResult> {
  const postgres = dialectOf(db) === 'postgres';
  const found = await findReport(db, reportId);
  if (!found) return { ok: false, why: 'not-found' };
  return retryConflicts(() =>
    db.transaction().execute(async (trx): Promise<DecideResult> => {
      await trx
        .selectFrom('groups')
        .select('id')
        .where('id', '=', found.group_id)
        .$if(postgres, (query) => query.forNoKeyUpdate())
        .executeTakeFirst();
      const report = await trx
        .selectFrom('group_reports')
        .select(REPORT_COLUMNS)
        .where('id', '=', reportId)
        .$if(postgres, (query) => query.forUpdate())
        .executeTakeFirst();
      if (!report) return { ok: false, why: 'not-found' };
      if (report.status === decision) return { ok: true, report, stateChanged: false };
      if (report.status !== 'open') return { ok: false, why: 'decided', report };
      const decided = await trx
        .updateTable('group_reports')
        .set({ status: decision, decided_at: nowIso() })
        .where('id', '=', reportId)
        .returning(REPORT_COLUMNS)
        .executeTakeFirstOrThrow();
      const stateChanged = await reconsiderVisibility(trx, report.group_id, threshold);
      return { ok: true, report: decided, stateChanged };
    }),
  );
}

/**
 * A verified group is hidden while open reports of it from at least `threshold` verified users
 * stand (one open report per user and group, so the reports are the users), and public again
 * when they no longer do. Groups in review or rejected are left as they are. True when the
 * group's state changed.
 */
export async function reconsiderVisibility(
  trx: Kysely<Database>,
  groupId: number,
  threshold: number,
): Promise<boolean> {
  const { count } = await trx
    .selectFrom('group_reports')
    .innerJoin('users', 'users.id', 'group_reports.reporter_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('group_reports.group_id', '=', groupId)
    .where('group_reports.status', '=', 'open')
    .where('users.is_verified', '=', 1)
    .executeTakeFirstOrThrow();
  const next = Number(count) >= threshold ? GROUP_STATE.hidden : GROUP_STATE.public;
  const result = await trx
    .updateTable('groups')
    .set({ is_verified: next })
    .where('id', '=', groupId)
    .where('is_verified', 'in', [GROUP_STATE.public, GROUP_STATE.hidden])
    .where('is_verified', '<>', next)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * After an account is verified its open reports count: each group it has an open report of is
 * considered again. True when any group's state changed.
 */
export async function reconsiderReportsBy(
  db: Kysely<Database>,
  userId: number,
  threshold: number,
): Promise<boolean> {
  const groups = await db
    .selectFrom('group_reports')
    .select('group_id')
    .where('reporter_id', '=', userId)
    .where('status', '=', 'open')
    .execute();
  let changed = false;
  for (const { group_id } of groups) {
    const postgres = dialectOf(db) === 'postgres';
    const moved = await retryConflicts(() =>
      db.transaction().execute(async (trx: Transaction<Database>) => {
        await trx
          .selectFrom('groups')
          .select('id')
          .where('id', '=', group_id)
          .$if(postgres, (query) => query.forNoKeyUpdate())
          .executeTakeFirst();
        return reconsiderVisibility(trx, group_id, threshold);
      }),
    );
    changed ||= moved;
  }
  return changed;
}

export function findReport(db: Kysely<Database>, id: number): Promise<ReportRow | undefined> {
  return db.selectFrom('group_reports').select(REPORT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** One page of the queue: reports in one status, newest first, after the cursor. */
export function listReports(
  db: Kysely<Database>,
  filter: { status: ReportStatus; after?: Cursor; limit: number },
): Promise<ReportRow[]> {
  const after = filter.after;
  return db
    .selectFrom('group_reports')
    .select(REPORT_COLUMNS)
    .where('status', '=', filter.status)
    .$if(after !== undefined, (query) =>
      query.where((eb) =>
        eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after?.createdAt ?? '', after?.id ?? 0)),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .execute();
}

/**
 * Open reports per group, for the given groups (every one of them, 0 included): one count per
 * group through its reports' index, so no planner reads the whole table for a page of groups.
 */
export async function openReportCounts(
  db: Kysely<Database>,
  groupIds: number[],
): Promise<Map<number, number>> {
  const counts = new Map(groupIds.map((id) => [id, 0]));
  if (groupIds.length === 0) return counts;
  const rows = await db
    .selectFrom('groups')
    .select((eb) => [
      'groups.id',
      eb
        .selectFrom('group_reports')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('group_reports.group_id', '=', 'groups.id')
        .where('group_reports.status', '=', 'open')
        .as('count'),
    ])
    .where('groups.id', 'in', [...new Set(groupIds)])
    .execute();
  for (const row of rows) counts.set(row.id, Number(row.count ?? 0));
  return counts;
}

/**
 * The reports with their groups, the groups' open reports and the reporters' names, in the same
 * order: three queries for a page, whatever its size.
 */
export async function reportViews(db: Kysely<Database>, reports: ReportRow[]): Promise<ReportView[]> {
  if (reports.length === 0) return [];
  const groupIds = [...new Set(reports.map((report) => report.group_id))];
  const reporterIds = [
    ...new Set(reports.flatMap((report) => (report.reporter_id === null ? [] : [report.reporter_id]))),
  ];
  const [groups, counts, names] = await Promise.all([
    db.selectFrom('groups').select(['id', 'title', 'is_verified']).where('id', 'in', groupIds).execute(),
    openReportCounts(db, groupIds),
    usernames(db, reporterIds),
  ]);
  const groupById = new Map(groups.map((group) => [group.id, group]));
  return reports.flatMap((report) => {
    // A group deleted meanwhile takes its reports with it; the page leaves them out.
    const group = groupById.get(report.group_id);
    if (!group) return [];
    const username = report.reporter_id === null ? undefined : names.get(report.reporter_id);
    return [
      {
        report,
        group,
        openReports: counts.get(report.group_id) ?? 0,
        reporter: username === undefined ? null : { id: report.reporter_id as number, username },
      },
    ];
  });
}
