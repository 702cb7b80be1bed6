import { hash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { compileOnce } from '../../db/compile-once.js';
import type { Database } from '../../db/database.js';

export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
// Recording every request would turn each read into a write; a few minutes of idle precision is plenty.
const TOUCH_AFTER_MS = 5 * 60 * 1000;

const hashId = (rawId: string) => hash('sha256', rawId, 'base64url');

export interface SessionUser {
  id: number;
  username: string;
  email: string;
  role: string;
  is_verified: number;
  created_at: string;
}

/** Starts a session and returns the raw id for the cookie; only its hash is stored. */
export async function createSession(db: Kysely<Database>, userId: number, now = new Date()): Promise<string> {
  const rawId = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashId(rawId),
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
    })
    .execute();
  return rawId;
}

// Every directory request with a session cookie runs this lookup, so it is compiled only once.
const sessionUserQuery = compileOnce((db: Kysely<Database>, slot) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id',
      'users.username',
      'users.email',
      'users.role',
      'users.is_verified',
      'users.created_at',
    ])
    .where('sessions.id_hash', '=', slot<string>('idHash')),
);

/** The user behind a live session, or undefined when the id is unknown, expired or idle too long. */
export async function findSessionUser(
  db: Kysely<Database>,
  rawId: string,
  now = new Date(),
): Promise<SessionUser | undefined> {
  const idHash = hashId(rawId);
  const [row] = (await db.executeQuery(sessionUserQuery(db, { idHash }))).rows;
  if (!row) return undefined;
  const nowMs = now.getTime();
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= nowMs || lastSeen + SESSION_IDLE_MS <= nowMs) {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    return undefined;
  }
  if (nowMs - lastSeen > TOUCH_AFTER_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('id_hash', '=', idHash)
      .execute();
  }
  const { last_seen_at: _l, expires_at: _e, ...user } = row;
  return user;
}

export async function destroySession(db: Kysely<Database>, rawId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', hashId(rawId)).execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now.toISOString()),
        eb('last_seen_at', '<=', new Date(now.getTime() - SESSION_IDLE_MS).toISOString()),
      ]),
    )
    .execute();
}
