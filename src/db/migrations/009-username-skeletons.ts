import type { Kysely } from 'kysely';
import { usernameSkeleton } from '../../lib/username-skeleton.js';

/**
 * Usernames are unique by their confusable skeleton (src/lib/username-skeleton.ts), not only by
 * letter case. Existing accounts are backfilled; where two of them already look alike, the older
 * keeps the skeleton and each later one gets its own, marked with its id, so the unique index
 * can be built without touching anybody's name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_skeleton', 'text').execute();
  const trx = db as unknown as Kysely<{
    users: { id: number; username: string; username_skeleton: string | null };
  }>;
  const users = await trx.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
  const seen = new Set<string>();
  for (const user of users) {
    let skeleton = usernameSkeleton(user.username);
    if (seen.has(skeleton)) skeleton = `${skeleton}#${user.id}`;
    seen.add(skeleton);
    await trx.updateTable('users').set({ username_skeleton: skeleton }).where('id', '=', user.id).execute();
  }
  await db.schema
    .createIndex('users_username_skeleton')
    .on('users')
    .column('username_skeleton')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_username_skeleton').execute();
  await db.schema.alterTable('users').dropColumn('username_skeleton').execute();
}
