import type { Kysely } from 'kysely';
import { dialectOf } from '../database.js';
import { withIdColumn } from '../schema-helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('groups'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('platform_key', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('category_key', 'text', (c) => c.notNull())
    .addColumn('invite_link', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('logo_file', 'text')
    .addColumn('external_image_url', 'text')
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('submitted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .execute();
  // The public feed and the moderation queue walk this in order (newest first, keyset pagination).
  // On SQLite it also carries the search column, so a search filters inside the index and loads
  // only the rows it returns; PostgreSQL caps an index entry at about 2.7 kB, which a long
  // description would exceed, so there the column stays out.
  const sqlite = dialectOf(db) === 'sqlite';
  await db.schema
    .createIndex('groups_feed')
    .on('groups')
    .columns(
      sqlite ? ['is_verified', 'created_at', 'id', 'search_text'] : ['is_verified', 'created_at', 'id'],
    )
    .execute();
  await db.schema
    .createIndex('groups_platform_feed')
    .on('groups')
    .columns(['is_verified', 'platform_key', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('groups_created_at').on('groups').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('groups_submitted_by')
    .on('groups')
    .columns(['submitted_by', 'created_at'])
    .execute();

  await db.schema
    .createTable('group_likes')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_likes_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_likes_user_id').on('group_likes').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_likes').execute();
  await db.schema.dropTable('groups').execute();
}
