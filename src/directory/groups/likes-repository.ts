import type { Kysely, Transaction } from 'kysely';
import { type Database, dialectOf, nowIso } from '../../db/database.js';
import { retryConflicts } from '../../db/retry-conflicts.js';

export interface LikeState {
  likes: number;
  likedByMe: boolean;
  /** Whether this call changed anything (a first like, or taking an existing one back). */
  changed: boolean;
}

/**
 * Likes a verified group once per user. Returns null for an unknown or unverified group, and for
 * one an admin deletes meanwhile. Race-free on both dialects: the (group, user) primary key admits
 * one row whatever the interleaving (ON CONFLICT DO NOTHING), and the counter moves only when this
 * very statement inserted, by an atomic likes + 1.
 */
export function likeGroup(db: Kysely<Database>, groupId: number, userId: number): Promise<LikeState | null> {
  return inGroupTransaction(db, groupId, async (trx, group) => {
    const inserted = await trx
      .insertInto('group_likes')
      .values({ group_id: groupId, user_id: userId, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0)
      return { likes: group.likes, likedByMe: true, changed: false };
    const likes = await moveCounter(trx, groupId, +1);
    return likes === null ? null : { likes, likedByMe: true, changed: true };
  });
}

/** Takes a like back; taking back a like that is not there changes nothing. Null as for likeGroup. */
export function unlikeGroup(
  db: Kysely<Database>,
  groupId: number,
  userId: number,
): Promise<LikeState | null> {
  return inGroupTransaction(db, groupId, async (trx, group) => {
    const deleted = await trx
      .deleteFrom('group_likes')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return { likes: group.likes, likedByMe: false, changed: false };
    const likes = await moveCounter(trx, groupId, -1);
    return likes === null ? null : { likes, likedByMe: false, changed: true };
  });
}

/**
 * Runs a like or unlike in a transaction that first takes the group row: on PostgreSQL with
 * FOR NO KEY UPDATE, the lock the counter update needs anyway. Taken first, it orders every like,
 * unlike and delete of one group one after the other, always in the same order (group row, then
 * its likes), as the DELETE of the group does through its cascade; so none of them can find the
 * group gone halfway, nor wait for another in a circle (the deadlocks this replaced came from
 * upgrading the foreign key check's KEY SHARE lock to the counter update's lock while a DELETE
 * waited in between). A like read under that lock is also the current count. On SQLite, write
 * transactions already run one at a time.
 *
 * A group that is missing, unverified or deleted by the time the lock is ours is null (a 404);
 * a conflict PostgreSQL still reports (40P01, 40001) is retried a few times.
 */
function inGroupTransaction(
  db: Kysely<Database>,
  groupId: number,
  work: (trx: Transaction<Database>, group: { likes: number }) => Promise<LikeState | null>,
): Promise<LikeState | null> {
  const postgres = dialectOf(db) === 'postgres';
  return retryConflicts(() =>
    db.transaction().execute(async (trx) => {
      const group = await trx
        .selectFrom('groups')
        .select('likes')
        .where('id', '=', groupId)
        .where('is_verified', '=', 1)
        .$if(postgres, (query) => query.forNoKeyUpdate())
        .executeTakeFirst();
      return group ? work(trx, group) : null;
    }),
  ).catch((error) => {
    // Only reachable if a writer outside this order removed the group (a foreign key failure on
    // the insert): the group is gone, which is a 404 like any other vanished group.
    if (isForeignKeyViolation(error)) return null;
    throw error;
  });
}

/** likes ± 1 on a group row this transaction holds; null if the row is not there after all. */
async function moveCounter(trx: Transaction<Database>, groupId: number, by: 1 | -1): Promise<number | null> {
  const row = await trx
    .updateTable('groups')
    .set((eb) => ({ likes: eb('likes', by > 0 ? '+' : '-', 1) }))
    .where('id', '=', groupId)
    .returning('likes')
    .executeTakeFirst();
  return row?.likes ?? null;
}

function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
