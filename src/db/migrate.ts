import { type Kysely, Migrator, sql } from 'kysely';
import { type Database, dialectOf } from './database.js';
import { migrations } from './migrations/index.js';

/** Any fixed number of our own; every instance of every deployment on one database takes the same. */
const MIGRATION_LOCK_KEY = 0x6b697a75;

/**
 * Brings the schema up to date. Safe when several instances (and `npm run db:migrate`) start at
 * once: the whole run, the creation of the migration tables included, holds one lock, so the
 * others wait and then find nothing left to do.
 *
 * PostgreSQL: a session advisory lock on one connection, which the run then uses; the lock goes
 * with the session if the process dies. SQLite: one BEGIN IMMEDIATE transaction, which takes
 * the file's write lock up front (the busy timeout makes the others wait for it). Kysely's own
 * migration transaction is a plain BEGIN there, under which two processes both read "nothing
 * applied" and the second then fails on `table … already exists`.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return db.connection().execute(async (connection) => {
    if (dialectOf(db) === 'postgres') {
      await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
      try {
        return await migrate(connection, false);
      } finally {
        await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
      }
    }
    await sql`begin immediate`.execute(connection);
    try {
      const applied = await migrate(connection, true);
      await sql`commit`.execute(connection);
      return applied;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

async function migrate(db: Kysely<Database>, inOwnTransaction: boolean): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    disableTransactions: inOwnTransaction,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
