import { type Kysely, Migrator } from 'kysely';
import type { Database } from './database.js';
import { migrations } from './migrations/index.js';

/** Brings the schema up to date; safe to run from several instances at once (the migrator locks). */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
