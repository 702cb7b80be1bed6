import type { Kysely, Transaction, Updateable } from 'kysely';
import { type Database, dialectOf, nowIso } from '../../db/database.js';
import { retryConflicts } from '../../db/retry-conflicts.js';
import type { GroupsTable } from '../../db/tables/groups.js';
import { GROUP_COLUMNS } from './group-feed-query.js';
import type { GroupRow } from './group-json.js';
import { GROUP_STATE } from './group-state.js';
import type { CleanSubmission } from './group-submission.js';

export {
  type GroupFilter,
  listGroups,
  listGroupsByRelevance,
  RELEVANCE_WINDOW,
  type ScoredRow,
} from './group-list-repository.js';

/** A checked submission as stored, with what the server adds to it. */
export interface NewGroup extends CleanSubmission {
  logoFile: string | null;
  submittedBy: number | null;
  /** Seeding only (benchmarks, tests); submissions are always unverified. */
  verified?: boolean;
  createdAt?: string;
}

export function insertGroup(db: Kysely<Database>, group: NewGroup): Promise<GroupRow> {
  const createdAt = group.createdAt ?? nowIso();
  return db
    .insertInto('groups')
    .values({
      title: group.title,
      platform: group.platform,
      platform_key: group.platformKey,
      category: group.category,
      category_key: group.categoryKey,
      invite_link: group.inviteLink,
      description: group.description,
      tags: JSON.stringify(group.tags),
      search_text: group.searchText,
      logo_file: group.logoFile,
      external_image_url: group.externalImageUrl,
      likes: 0,
      is_verified: group.verified ? GROUP_STATE.public : GROUP_STATE.pending,
      submitted_by: group.submittedBy,
      created_at: createdAt,
      verified_at: group.verified ? createdAt : null,
    })
    .returning(GROUP_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function findGroup(db: Kysely<Database>, id: number): Promise<GroupRow | undefined> {
  return db.selectFrom('groups').select(GROUP_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The columns an update of a group may set (the search column included). */
export type GroupUpdate = Updateable<Omit<GroupsTable, 'id'>>;

/**
 * Changes one group in a transaction that first takes its row (on PostgreSQL FOR NO KEY UPDATE,
 * the lock likes take too, so they and this run one after the other, group row first), then
 * asks `change` what to write given the row as it is now; `then` runs in the same transaction
 * after the write (reports that go with a decision). Undefined when there is no such group.
 * `change` may throw (a refusal), which writes nothing.
 */
export function changeGroup(
  db: Kysely<Database>,
  id: number,
  change: (row: GroupRow) => GroupUpdate | null,
  then?: (trx: Transaction<Database>, before: GroupRow) => Promise<void>,
): Promise<{ before: GroupRow; after: GroupRow } | undefined> {
  const postgres = dialectOf(db) === 'postgres';
  return retryConflicts(() =>
    db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('groups')
        .select(GROUP_COLUMNS)
        .where('id', '=', id)
        .$if(postgres, (query) => query.forNoKeyUpdate())
        .executeTakeFirst();
      if (!before) return undefined;
      const values = change(before);
      let after = before;
      if (values && Object.keys(values).length > 0) {
        after = await trx
          .updateTable('groups')
          .set(values)
          .where('id', '=', id)
          .returning(GROUP_COLUMNS)
          .executeTakeFirstOrThrow();
      }
      await then?.(trx, before);
      return { before, after };
    }),
  );
}

/**
 * Marks a group verified and public, from any state: verifying twice keeps the first
 * verification time (a group hidden by reports was verified already), a rejection's reason goes,
 * and the group's open reports are dismissed: the admin has looked and found it fine
 * (docs/groups.md, "Reports").
 */
export async function verifyGroup(db: Kysely<Database>, id: number): Promise<GroupRow | undefined> {
  const result = await changeGroup(
    db,
    id,
    (row) =>
      row.is_verified === GROUP_STATE.public
        ? null
        : {
            is_verified: GROUP_STATE.public,
            rejection_reason: null,
            ...(row.is_verified === GROUP_STATE.hidden ? {} : { verified_at: nowIso() }),
          },
    (trx) => closeOpenReports(trx, id, 'dismissed'),
  );
  return result?.after;
}

/**
 * Rejects a group with a reason, from any state: it leaves the public list and its owner sees
 * the reason; its open reports are resolved (the admin acted on them).
 */
export async function rejectGroup(
  db: Kysely<Database>,
  id: number,
  reason: string,
): Promise<{ before: GroupRow; after: GroupRow } | undefined> {
  return changeGroup(
    db,
    id,
    () => ({ is_verified: GROUP_STATE.rejected, rejection_reason: reason }),
    (trx) => closeOpenReports(trx, id, 'resolved'),
  );
}

/** Decides every open report of a group at once (a verify or reject of the group). */
async function closeOpenReports(
  trx: Transaction<Database>,
  groupId: number,
  status: 'resolved' | 'dismissed',
): Promise<void> {
  await trx
    .updateTable('group_reports')
    .set({ status, decided_at: nowIso() })
    .where('group_id', '=', groupId)
    .where('status', '=', 'open')
    .execute();
}

/**
 * Deletes a group (its likes go with it, by the cascade) and returns what it was, for the logo
 * file. The DELETE locks the group row before its likes, the order likes and unlikes keep too
 * (likes-repository.ts); a conflict PostgreSQL still reports is retried.
 */
export function deleteGroup(
  db: Kysely<Database>,
  id: number,
): Promise<{ logo_file: string | null } | undefined> {
  return retryConflicts(() =>
    db.deleteFrom('groups').where('id', '=', id).returning(['logo_file']).executeTakeFirst(),
  );
}

/** Which of these groups the user has liked. */
export async function likedGroupIds(
  db: Kysely<Database>,
  userId: number,
  groupIds: number[],
): Promise<Set<number>> {
  if (groupIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('group_likes')
    .select('group_id')
    .where('user_id', '=', userId)
    .where('group_id', 'in', groupIds)
    .execute();
  return new Set(rows.map((r) => r.group_id));
}

/** Usernames of the given accounts, for the moderation view. */
export async function usernames(db: Kysely<Database>, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', userIds).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}
