import { type Kysely, sql } from 'kysely';
import { type Database, dialectOf } from '../database.js';
import { rewriteSearchColumn } from '../search-column.js';

/**
 * Indexed search and bounded plans for every group list (docs/groups.md, "Search at scale").
 *
 * The search column now holds index tokens (src/db/search-column.ts); existing rows are brought
 * to that form first. Then each dialect indexes it, kept in step by the database itself, so no
 * code that writes groups has to know:
 * - SQLite: an FTS5 table over the column (external content), maintained by triggers in the same
 *   transaction as every insert, edit and delete, with prefix indexes for short search words;
 * - PostgreSQL: a generated tsvector column of the tokens (taken as they are, not parsed) with a
 *   GIN index; a search is a prefix tsquery (`'token':*`).
 * The feed index no longer carries the search column (SQLite), and the lists that lacked an
 * index in their order get one: by category, by platform and category, and "mine".
 */
// SQLite runs every pending migration in one BEGIN IMMEDIATE transaction (src/db/migrate.ts), so
// each of these is all or nothing there too.
export async function up(db: Kysely<unknown>): Promise<void> {
  await rewriteSearchColumn(db as Kysely<Database>, { inTransaction: true });

  if (dialectOf(db) === 'sqlite') {
    await db.schema.dropIndex('groups_feed').execute();
    await db.schema
      .createIndex('groups_feed')
      .on('groups')
      .columns(['is_verified', 'created_at', 'id'])
      .execute();
    await sql`create virtual table groups_fts using fts5(
      search_text,
      content = 'groups', content_rowid = 'id',
      tokenize = "unicode61 remove_diacritics 2 tokenchars '~'",
      prefix = '1 2 3 4 5 6 8', detail = none, columnsize = 0
    )`.execute(db);
    for (const statement of SQLITE_FTS_TRIGGERS) await sql.raw(statement).execute(db);
    await sql`insert into groups_fts (groups_fts) values ('rebuild')`.execute(db);
    // FTS5 hands out a word's groups by id; how far ids and creation times part, per 256 ids,
    // tells a search when no lower id can be newer (src/directory/groups/sqlite-search-repository.ts).
    await sql`create table groups_feed_blocks (
      block integer primary key,
      min_created_at text not null,
      max_created_at text not null,
      newest_so_far text not null
    )`.execute(db);
    for (const statement of SQLITE_BLOCK_TRIGGERS) await sql.raw(statement).execute(db);
    await sql.raw(FILL_BLOCKS).execute(db);
  } else {
    await sql`alter table groups add column search_vector tsvector generated always as
      (array_to_tsvector(array_remove(string_to_array(search_text, ' '), ''))) stored`.execute(db);
    // No pending list: with one, every search reads all of it, and the planner prices the index
    // as if it might have to (a full scan looks cheaper on a table of a few thousand rows).
    await sql`create index groups_search on groups using gin (search_vector) with (fastupdate = off)`.execute(
      db,
    );
  }

  await db.schema
    .createIndex('groups_category_feed')
    .on('groups')
    .columns(['is_verified', 'category_key', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('groups_platform_category_feed')
    .on('groups')
    .columns(['is_verified', 'platform_key', 'category_key', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('groups_submitted_by').execute();
  await db.schema
    .createIndex('groups_submitted_feed')
    .on('groups')
    .columns(['submitted_by', 'created_at', 'id'])
    .execute();
}

/**
 * The FTS5 table follows the groups table row by row. An external-content table must be told
 * the old text of a row it forgets, which the triggers have at hand.
 */
export const SQLITE_FTS_TRIGGERS = [
  `create trigger groups_fts_insert after insert on groups begin
     insert into groups_fts (rowid, search_text) values (new.id, new.search_text);
   end`,
  `create trigger groups_fts_delete after delete on groups begin
     insert into groups_fts (groups_fts, rowid, search_text) values ('delete', old.id, old.search_text);
   end`,
  `create trigger groups_fts_update after update of search_text on groups begin
     insert into groups_fts (groups_fts, rowid, search_text) values ('delete', old.id, old.search_text);
     insert into groups_fts (rowid, search_text) values (new.id, new.search_text);
   end`,
];

/**
 * Per block of 256 ids: the oldest and newest created_at in it, and the newest in it or any block
 * below (newest_so_far). Bounds, not exact values: a group deleted leaves them as wide as they were,
 * which only makes a search read a little further. New groups take the highest ids, so an insert
 * touches the last block; one older than groups before it moves nothing else, and only a changed
 * created_at in a lower block carries its newest_so_far up the blocks above.
 */
const blockUpsert = (row: 'new') => `
  insert into groups_feed_blocks (block, min_created_at, max_created_at, newest_so_far)
    values (${row}.id / 256, ${row}.created_at, ${row}.created_at, max(${row}.created_at, coalesce(
      (select newest_so_far from groups_feed_blocks where block < ${row}.id / 256 order by block desc limit 1),
      ${row}.created_at)))
    on conflict (block) do update set
      min_created_at = min(min_created_at, excluded.min_created_at),
      max_created_at = max(max_created_at, excluded.max_created_at),
      newest_so_far = max(newest_so_far, excluded.newest_so_far);
  update groups_feed_blocks set newest_so_far = ${row}.created_at
    where block > ${row}.id / 256 and newest_so_far < ${row}.created_at;`;

export const SQLITE_BLOCK_TRIGGERS = [
  `create trigger groups_feed_blocks_insert after insert on groups begin ${blockUpsert('new')} end`,
  `create trigger groups_feed_blocks_update after update of created_at on groups begin ${blockUpsert('new')} end`,
];

/** The blocks of the groups there are (the migration, and `npm run admin -- reindex`). */
export const FILL_BLOCKS = `
  insert into groups_feed_blocks (block, min_created_at, max_created_at, newest_so_far)
    select block, min_created_at, max_created_at,
      max(max_created_at) over (order by block rows unbounded preceding)
    from (select id / 256 as block, min(created_at) as min_created_at, max(created_at) as max_created_at
      from groups group by id / 256)`;

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('groups_submitted_feed').execute();
  await db.schema
    .createIndex('groups_submitted_by')
    .on('groups')
    .columns(['submitted_by', 'created_at'])
    .execute();
  await db.schema.dropIndex('groups_platform_category_feed').execute();
  await db.schema.dropIndex('groups_category_feed').execute();
  if (dialectOf(db) === 'sqlite') {
    for (const name of [
      'groups_fts_insert',
      'groups_fts_delete',
      'groups_fts_update',
      'groups_feed_blocks_insert',
      'groups_feed_blocks_update',
    ]) {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
    await sql`drop table if exists groups_fts`.execute(db);
    await sql`drop table if exists groups_feed_blocks`.execute(db);
    await db.schema.dropIndex('groups_feed').execute();
    await db.schema
      .createIndex('groups_feed')
      .on('groups')
      .columns(['is_verified', 'created_at', 'id', 'search_text'])
      .execute();
  } else {
    await sql`drop index if exists groups_search`.execute(db);
    await sql`alter table groups drop column if exists search_vector`.execute(db);
  }
}
