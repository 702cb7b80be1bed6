import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * Failed logins are counted per account and per client address in the database, so every
 * instance sees the same counts. An account is held back only briefly (doubling from 30 s up to
 * 5 minutes), so a stranger cannot lock its owner out for long; an address that tries many
 * accounts is held back longer.
 */
export interface ThrottlePolicy {
  windowMs: number;
  freeFailures: number;
  baseBlockMs: number;
  maxBlockMs: number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  freeFailures: 5,
  baseBlockMs: 30_000,
  maxBlockMs: 5 * 60_000,
};
export const ADDRESS_POLICY: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  freeFailures: 30,
  baseBlockMs: 15 * 60_000,
  maxBlockMs: 15 * 60_000,
};

/** How long a key is blocked after its n-th failure in a window; 0 while failures are still free. */
export function blockDurationMs(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 20);
  return Math.min(policy.baseBlockMs * 2 ** doublings, policy.maxBlockMs);
}

/** Seconds until the longest block among the keys ends, or 0 when none is blocked. */
export async function secondsBlocked(
  db: Kysely<Database>,
  keys: string[],
  now = new Date(),
): Promise<number> {
  const rows = await db
    .selectFrom('login_throttle')
    .select('blocked_until')
    .where('key', 'in', keys)
    .where('blocked_until', '>', now.toISOString())
    .execute();
  const until = Math.max(0, ...rows.map((r) => Date.parse(r.blocked_until!)));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

export async function recordFailure(
  db: Kysely<Database>,
  key: string,
  policy: ThrottlePolicy,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
    const windowOpen = row && Date.parse(row.window_started_at) + policy.windowMs > now.getTime();
    const failures = windowOpen ? row.failures + 1 : 1;
    const block = blockDurationMs(failures, policy);
    const values = {
      failures,
      window_started_at: windowOpen ? row.window_started_at : now.toISOString(),
      blocked_until: block > 0 ? new Date(now.getTime() + block).toISOString() : null,
    };
    await trx
      .insertInto('login_throttle')
      .values({ key, ...values })
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .execute();
  });
}

export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}
