import type { Kysely } from 'kysely';
import { withIdColumn } from '../schema-helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_files')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('ext', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('media_items'))
    .addColumn('pool', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull().references('media_files.sha256'))
    .addColumn('artist_name', 'text')
    .addColumn('artist_href', 'text')
    .addColumn('source_url', 'text')
    .addColumn('anime_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('media_items_pool_sha256', ['pool', 'sha256'])
    .execute();
  await db.schema.createIndex('media_items_sha256').on('media_items').column('sha256').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_items').execute();
  await db.schema.dropTable('media_files').execute();
}
