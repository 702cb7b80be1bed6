import type { Kysely } from 'kysely';
import { type Database, dialectOf } from '../../db/database.js';

/**
 * Failed logins are counted in the database, so every instance sees the same counts, under three
 * kinds of key:
 * - an account from one client network: the guesser at that network is held back, doubling from
 *   30 s up to 15 minutes, while the owner elsewhere is not;
 * - a client network across accounts: one that sprays many accounts is held back 15 minutes;
 * - an account from everywhere: only a distributed attack reaches its much higher budget, and a
 *   browser that has logged in to the account before is exempt (see known-device.ts), so a
 *   stranger cannot lock the owner out.
 */
export interface ThrottlePolicy {
  windowMs: number;
  freeFailures: number;
  baseBlockMs: number;
  maxBlockMs: number;
}

const WINDOW_MS = 15 * 60_000;

export const PAIR_POLICY: ThrottlePolicy = {
  windowMs: WINDOW_MS,
  freeFailures: 5,
  baseBlockMs: 30_000,
  maxBlockMs: 15 * 60_000,
};
export const ADDRESS_POLICY: ThrottlePolicy = {
  windowMs: WINDOW_MS,
  freeFailures: 30,
  baseBlockMs: 15 * 60_000,
  maxBlockMs: 15 * 60_000,
};
export const ACCOUNT_POLICY: ThrottlePolicy = {
  windowMs: WINDOW_MS,
  freeFailures: 50,
  baseBlockMs: 60_000,
  maxBlockMs: 15 * 60_000,
};

export interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
}

/** How long a key is blocked after its n-th failure in a window; 0 while failures are still free. */
export function blockDurationMs(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 20);
  return Math.min(policy.baseBlockMs * 2 ** doublings, policy.maxBlockMs);
}

/**
 * Counts this attempt as a failure on every key before the password is checked, in one
 * transaction, and returns 0; or, when one of the keys is held back, counts nothing and returns
 * the seconds to wait. Counting first means parallel guesses cannot all pass the check before the
 * first failure is written; a successful login takes its count back (`refundAttempt`).
 */
export async function reserveAttempt(
  db: Kysely<Database>,
  keys: readonly ThrottleKey[],
  at?: Date,
): Promise<number> {
  // One lock order for every transaction, so two logins never wait on each other in a circle.
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return db.transaction().execute(async (trx) => {
    const started = (at ?? new Date()).toISOString();
    await trx
      .insertInto('login_throttle')
      .values(
        sorted.map(({ key }) => ({ key, failures: 0, window_started_at: started, blocked_until: null })),
      )
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const rows = await trx
      .selectFrom('login_throttle')
      .selectAll()
      .where(
        'key',
        'in',
        sorted.map(({ key }) => key),
      )
      .orderBy('key')
      // SQLite runs one transaction at a time on our single connection; PostgreSQL needs the lock.
      .$if(dialectOf(db) === 'postgres', (query) => query.forUpdate())
      .execute();
    // The time is read once the rows are ours: an attempt that waited for the lock must not judge
    // holds set meanwhile by attempts that came after it from its older clock.
    const now = at ?? new Date();
    const nowIso = now.toISOString();
    const until = Math.max(0, ...rows.map((row) => (row.blocked_until ? Date.parse(row.blocked_until) : 0)));
    if (until > now.getTime()) return Math.ceil((until - now.getTime()) / 1000);

    const byKey = new Map(rows.map((row) => [row.key, row]));
    for (const { key, policy } of sorted) {
      const row = byKey.get(key);
      const windowOpen =
        row !== undefined && Date.parse(row.window_started_at) + policy.windowMs > now.getTime();
      const failures = windowOpen ? row.failures + 1 : 1;
      const block = blockDurationMs(failures, policy);
      await trx
        .updateTable('login_throttle')
        .set({
          failures,
          window_started_at: windowOpen ? row.window_started_at : nowIso,
          blocked_until: block > 0 ? new Date(now.getTime() + block).toISOString() : null,
        })
        .where('key', '=', key)
        .execute();
    }
    return 0;
  });
}

/** Takes back the failure `reserveAttempt` counted for an attempt that turned out right. */
export async function refundAttempt(db: Kysely<Database>, keys: readonly ThrottleKey[]): Promise<void> {
  for (const { key, policy } of keys) {
    await db
      .updateTable('login_throttle')
      .set((eb) => ({
        failures: eb('failures', '-', 1),
        blocked_until: eb
          .case()
          .when('failures', '<=', policy.freeFailures)
          .then(null)
          .else(eb.ref('blocked_until'))
          .end(),
      }))
      .where('key', '=', key)
      .where('failures', '>', 0)
      .execute();
  }
}

export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/** Removes counts whose window and hold are both over, so the table does not grow without end. */
export async function deleteStaleThrottles(db: Kysely<Database>, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - WINDOW_MS).toISOString();
  const result = await db
    .deleteFrom('login_throttle')
    .where('window_started_at', '<=', windowStart)
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
