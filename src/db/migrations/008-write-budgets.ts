import type { Kysely } from 'kysely';

// Budgets for writes (registrations, group submissions) per client network and account, in the
// database so every instance counts against one budget (src/directory/write-budget.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('write_budgets')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('write_budgets').execute();
}
