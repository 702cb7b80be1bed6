import type { Kysely } from 'kysely';

// The anime area: the Jikan response cache (fresh for a day, kept longer as a stale fallback).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('anime_cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('anime_cache_fetched_at').on('anime_cache').column('fetched_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('anime_cache').execute();
}
