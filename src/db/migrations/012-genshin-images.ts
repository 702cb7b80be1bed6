import type { Kysely } from 'kysely';

/** Genshin pictures stored on first request (src/db/tables/genshin.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('genshin_images')
    .addColumn('character_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('ext', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('stored_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('genshin_images_pk', ['character_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('genshin_images').execute();
}
