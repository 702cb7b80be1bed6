import type { Kysely } from 'kysely';
import { type Database, nowIso } from '../../db/database.js';
import { retryConflicts } from '../../db/retry-conflicts.js';
import { GROUP_COLUMNS } from './group-feed-query.js';
import type { GroupRow } from './group-json.js';
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
      is_verified: group.verified ? 1 : 0,
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

/** Marks a group verified; verifying twice keeps the first verification time. */
export async function verifyGroup(db: Kysely<Database>, id: number): Promise<GroupRow | undefined> {
  await db
    .updateTable('groups')
    .set({ is_verified: 1, verified_at: nowIso() })
    .where('id', '=', id)
    .where('is_verified', '=', 0)
    .execute();
  return findGroup(db, id);
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
