import type { Kysely } from 'kysely';
import { type Database, nowIso } from '../../db/database.js';
import { usernameSkeleton } from '../../lib/username-skeleton.js';
import type { UserRow } from './user-json.js';

export type Role = 'user' | 'admin';

const PUBLIC_COLUMNS = ['id', 'username', 'email', 'role', 'is_verified', 'created_at'] as const;

/** A name or address as it is compared: trimmed, composed (NFC), lower-cased. */
export const userKey = (name: string) => name.trim().normalize('NFC').toLowerCase();

export function createUser(
  db: Kysely<Database>,
  input: { username: string; email: string; passwordHash: string; role?: Role; isVerified?: boolean },
) {
  // Stored composed (NFC), so a decomposed é and a precomposed é are one name.
  const username = input.username.trim().normalize('NFC');
  return db
    .insertInto('users')
    .values({
      username,
      username_key: userKey(username),
      username_skeleton: usernameSkeleton(username),
      email: input.email,
      email_key: userKey(input.email),
      password_hash: input.passwordHash,
      role: input.role ?? 'user',
      is_verified: input.isVerified ? 1 : 0,
      created_at: nowIso(),
    })
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** A login name is a username or an e-mail address; the two never collide (usernames have no @). */
export function findUserByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  const key = userKey(login);
  return db
    .selectFrom('users')
    .selectAll()
    .where(key.includes('@') ? 'email_key' : 'username_key', '=', key)
    .executeTakeFirst();
}

export function findUserByUsernameOrEmail(db: Kysely<Database>, username: string, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('username_key', '=', userKey(username)),
        eb('username_skeleton', '=', usernameSkeleton(username.trim())),
        eb('email_key', '=', userKey(email)),
      ]),
    )
    .execute();
}

export function findUserById(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function listLatestUsers(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('users')
    .select(PUBLIC_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function updateUser(
  db: Kysely<Database>,
  id: number,
  changes: { role?: Role; isVerified?: boolean; passwordHash?: string },
) {
  return db
    .updateTable('users')
    .set({
      ...(changes.role ? { role: changes.role } : {}),
      ...(changes.isVerified === undefined ? {} : { is_verified: changes.isVerified ? 1 : 0 }),
      ...(changes.passwordHash ? { password_hash: changes.passwordHash } : {}),
    })
    .where('id', '=', id)
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirst();
}
