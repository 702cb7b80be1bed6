import type { Kysely } from 'kysely';
import { type Database, nowIso } from '../../db/database.js';

export interface LikeState {
  likes: number;
  likedByMe: boolean;
  /** Whether this call changed anything (a first like, or taking an existing one back). */
  changed: boolean;
}

/**
 * Likes a verified group once per user. Race-free on both dialects: the (group, user) primary key
 * admits one row whatever the interleaving (ON CONFLICT DO NOTHING), and the counter moves only
 * when this very statement inserted, by an atomic likes + 1. Returns null for an unknown or
 * unverified group.
 */
export async function likeGroup(
  db: Kysely<Database>,
  groupId: number,
  userId: number,
): Promise<LikeState | null> {
  return db
    .transaction()
    .execute(async (trx) => {
      const group = await visibleGroup(trx, groupId);
      if (!group) return null;
      const inserted = await trx
        .insertInto('group_likes')
        .values({ group_id: groupId, user_id: userId, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0)
        return { likes: await currentLikes(trx, groupId), likedByMe: true, changed: false };
      const updated = await trx
        .updateTable('groups')
        .set((eb) => ({ likes: eb('likes', '+', 1) }))
        .where('id', '=', groupId)
        .returning('likes')
        .executeTakeFirstOrThrow();
      return { likes: updated.likes, likedByMe: true, changed: true };
    })
    .catch((error) => {
      // The group was deleted between our check and the insert (PostgreSQL): it is gone, a 404.
      if (isForeignKeyViolation(error)) return null;
      throw error;
    });
}

function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Takes a like back; taking back a like that is not there changes nothing. */
export function unlikeGroup(
  db: Kysely<Database>,
  groupId: number,
  userId: number,
): Promise<LikeState | null> {
  return db.transaction().execute(async (trx) => {
    const group = await visibleGroup(trx, groupId);
    if (!group) return null;
    const deleted = await trx
      .deleteFrom('group_likes')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0)
      return { likes: await currentLikes(trx, groupId), likedByMe: false, changed: false };
    const updated = await trx
      .updateTable('groups')
      .set((eb) => ({ likes: eb('likes', '-', 1) }))
      .where('id', '=', groupId)
      .returning('likes')
      .executeTakeFirstOrThrow();
    return { likes: updated.likes, likedByMe: false, changed: true };
  });
}

// Read again rather than reuse the first read: another like may have committed in between.
async function currentLikes(db: Kysely<Database>, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('groups')
    .select('likes')
    .where('id', '=', groupId)
    .executeTakeFirstOrThrow();
  return row.likes;
}

function visibleGroup(db: Kysely<Database>, groupId: number) {
  return db
    .selectFrom('groups')
    .select('id')
    .where('id', '=', groupId)
    .where('is_verified', '=', 1)
    .executeTakeFirst();
}
