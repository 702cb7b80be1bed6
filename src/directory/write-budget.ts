import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { rateLimited } from '../lib/problem.js';

/**
 * Budgets for writes that an abuser would repeat (registrations, group submissions): so many per
 * key and fixed window. Counts live in the database, so every instance of a deployment spends
 * from one budget, on SQLite and PostgreSQL alike; one UPSERT per key decides, so parallel
 * requests cannot all slip under the limit together.
 */
/** Every write budget counts per hour. */
export const WRITE_BUDGET_WINDOW_MS = 3600_000;

export interface WriteBudget {
  key: string;
  /** Writes allowed per window; the write after the last one is refused until the window ends. */
  limit: number;
  windowMs: number;
}

/**
 * Spends one unit of every budget, or none: when one of them is used up, what was spent is
 * given back and a 429 problem with Retry-After (the seconds until that window ends) is thrown.
 */
export async function spendBudgets(
  db: Kysely<Database>,
  budgets: readonly WriteBudget[],
  at?: Date,
): Promise<void> {
  const spent: WriteBudget[] = [];
  for (const budget of budgets) {
    const now = at ?? new Date();
    const nowIso = now.toISOString();
    const windowOpenSince = new Date(now.getTime() - budget.windowMs).toISOString();
    const row = await db
      .insertInto('write_budgets')
      .values({ key: budget.key, used: 1, window_started_at: nowIso })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet((eb) => ({
            used: eb
              .case()
              .when('write_budgets.window_started_at', '<=', windowOpenSince)
              .then(1)
              .else(eb('write_budgets.used', '+', 1))
              .end(),
            window_started_at: eb
              .case()
              .when('write_budgets.window_started_at', '<=', windowOpenSince)
              .then(nowIso)
              .else(eb.ref('write_budgets.window_started_at'))
              .end(),
          }))
          // A used-up budget in an open window is left exactly as it is.
          .where((eb) =>
            eb.or([
              eb('write_budgets.window_started_at', '<=', windowOpenSince),
              eb('write_budgets.used', '<', budget.limit),
            ]),
          ),
      )
      .returning('used')
      .executeTakeFirst();
    if (row) {
      spent.push(budget);
      continue;
    }
    await refundBudgets(db, spent);
    const current = await db
      .selectFrom('write_budgets')
      .select('window_started_at')
      .where('key', '=', budget.key)
      .executeTakeFirst();
    const endsAt = current ? Date.parse(current.window_started_at) + budget.windowMs : now.getTime() + 1000;
    throw rateLimited((endsAt - now.getTime()) / 1000, 'Too many of these from here; try again later.');
  }
}

/** Gives back what `spendBudgets` took for a write that did not happen after all. */
export async function refundBudgets(db: Kysely<Database>, budgets: readonly WriteBudget[]): Promise<void> {
  for (const { key } of budgets) {
    await db
      .updateTable('write_budgets')
      .set((eb) => ({ used: eb('used', '-', 1) }))
      .where('key', '=', key)
      .where('used', '>', 0)
      .execute();
  }
}

/**
 * Spends the budgets, runs the write, and gives the budgets back when the write is refused or
 * fails: only writes that happened count.
 */
export async function withinBudgets<T>(
  db: Kysely<Database>,
  budgets: readonly WriteBudget[],
  write: () => Promise<T>,
): Promise<T> {
  await spendBudgets(db, budgets);
  try {
    return await write();
  } catch (error) {
    await refundBudgets(db, budgets);
    throw error;
  }
}

/** Removes windows that are over, so the table does not grow without end. */
export async function deleteStaleBudgets(
  db: Kysely<Database>,
  maxWindowMs: number,
  now = new Date(),
): Promise<number> {
  const result = await db
    .deleteFrom('write_budgets')
    .where('window_started_at', '<=', new Date(now.getTime() - maxWindowMs).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
