import type { Kysely } from 'kysely';
import { type Database, nowIso } from '../../db/database.js';
import { retryConflicts } from '../../db/retry-conflicts.js';
import type { Cursor } from './cursor.js';
import type { GroupRow } from './group-json.js';
import type { CleanSubmission } from './group-submission.js';

const GROUP_COLUMNS = [
  'id',
  'title',
  'platform',
  'platform_key',
  'category',
  'category_key',
  'invite_link',
  'description',
  'tags',
  'logo_file',
  'external_image_url',
  'likes',
  'is_verified',
  'submitted_by',
  'created_at',
  'verified_at',
] as const;

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

export interface GroupFilter {
  verified?: boolean;
  platformKey?: string;
  categoryKey?: string;
  /** LIKE patterns over the search column; all must match. */
  searchPatterns?: string[];
  submittedBy?: number;
  /** Start after this position. */
  after?: Cursor;
  limit: number;
}

/** Newest first (created_at, then id, both descending), so keyset pagination never skips a row. */
export function listGroups(db: Kysely<Database>, filter: GroupFilter): Promise<GroupRow[]> {
  let query = db.selectFrom('groups').select(GROUP_COLUMNS);
  if (filter.verified !== undefined) query = query.where('is_verified', '=', filter.verified ? 1 : 0);
  if (filter.platformKey !== undefined) query = query.where('platform_key', '=', filter.platformKey);
  if (filter.categoryKey !== undefined) query = query.where('category_key', '=', filter.categoryKey);
  if (filter.submittedBy !== undefined) query = query.where('submitted_by', '=', filter.submittedBy);
  for (const pattern of filter.searchPatterns ?? []) query = query.where('search_text', 'like', pattern);
  const after = filter.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
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
