import type { Kysely } from 'kysely';
import { withIdColumn } from '../schema-helpers.js';

/** Manifest imports over HTTP and their rows (src/db/tables/media-imports.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('media_imports'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('started_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createTable('media_import_rows')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('media_imports.id').onDelete('cascade'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('row_key', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('sha256', 'text')
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_import_rows_pk', ['import_id', 'line'])
    .execute();
  await db.schema
    .createIndex('media_import_rows_row_key')
    .on('media_import_rows')
    .column('row_key')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_import_rows').execute();
  await db.schema.dropTable('media_imports').execute();
}
