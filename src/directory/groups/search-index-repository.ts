import { type Kysely, sql } from 'kysely';
import { type Database, dialectOf } from '../../db/database.js';
import { FILL_BLOCKS } from '../../db/migrations/006-search-index.js';

export interface RebuildProgress {
  /** Groups copied into the new index so far, and how many there are to copy. */
  done: number;
  total: number;
}

/**
 * Rebuilds the full-text index from the groups table while the service keeps running.
 *
 * PostgreSQL: the tsvector column is computed by the database from the search column, so only
 * the GIN index is built anew, concurrently (writers are not held up).
 *
 * SQLite: FTS5's own 'rebuild' is one statement that holds every writer off until it is done
 * (tens of seconds at a million groups), so the index is built anew beside the old one in slices
 * of `batch` groups, each its own short transaction, and swapped in at the end. Meanwhile the
 * old index stays in step as always, and temporary triggers keep the new one in step for the
 * groups it already holds (ids up to the slice mark) and for groups added since the start, so a
 * write between two slices is never lost; the definitions are read from the schema as it is.
 * A rebuild cut short leaves the old index in use; the next one clears what was left. The
 * creation-time bounds per block of ids that a search reads by are counted anew at the swap.
 */
export async function rebuildSearchIndex(
  db: Kysely<Database>,
  options: { batch?: number; onProgress?: (progress: RebuildProgress) => void | Promise<void> } = {},
): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`reindex index concurrently groups_search`.execute(db);
    return;
  }
  const batch = options.batch ?? 5000;
  const { maxId, total } = await db.transaction().execute(async (trx) => {
    await dropLeftovers(trx);
    const definition = await schemaSql(trx, 'table', 'groups_fts');
    await sql
      .raw(
        definition.replace(/^create virtual table\s+"?groups_fts"?/i, 'CREATE VIRTUAL TABLE groups_fts_next'),
      )
      .execute(trx);
    const counts = await trx
      .selectFrom('groups')
      .select((eb) => [eb.fn.max('id').as('maxId'), eb.fn.countAll<number>().as('total')])
      .executeTakeFirstOrThrow();
    const maxId = Number(counts.maxId ?? 0);
    await sql`create table search_rebuild (upto integer not null, max_id integer not null)`.execute(trx);
    await sql`insert into search_rebuild (upto, max_id) values (0, ${maxId})`.execute(trx);
    for (const statement of NEXT_TRIGGERS) await sql.raw(statement).execute(trx);
    return { maxId, total: Number(counts.total) };
  });

  let upto = 0;
  let done = 0;
  while (upto < maxId) {
    const end = Math.min(upto + batch, maxId);
    done += await db.transaction().execute(async (trx) => {
      const copied = await sql`insert into groups_fts_next (rowid, search_text)
        select id, search_text from groups where id > ${upto} and id <= ${end}`.execute(trx);
      await sql`update search_rebuild set upto = ${end}`.execute(trx);
      return Number(copied.numAffectedRows ?? 0);
    });
    upto = end;
    await options.onProgress?.({ done, total });
  }

  await db.transaction().execute(async (trx) => {
    // The triggers that keep the index in step, as the migrations made them, to make them again.
    const { rows } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
      where type = 'trigger' and tbl_name = 'groups'`.execute(trx);
    const triggers = rows.filter((trigger) => /\bgroups_fts\b/.test(trigger.sql));
    for (const { name } of triggers) await sql.raw(`drop trigger ${name}`).execute(trx);
    await dropLeftovers(trx, { keepTable: true });
    await sql`drop table groups_fts`.execute(trx);
    await sql`alter table groups_fts_next rename to groups_fts`.execute(trx);
    for (const trigger of triggers) await sql.raw(trigger.sql).execute(trx);
    // The bounds a search reads by (migration 006), tightened to the groups there are now.
    await sql`delete from groups_feed_blocks`.execute(trx);
    await sql.raw(FILL_BLOCKS).execute(trx);
  });
}

/** What an interrupted rebuild left behind: the new table, its triggers and its mark. */
async function dropLeftovers(db: Kysely<Database>, options: { keepTable?: boolean } = {}) {
  for (const name of ['groups_fts_next_insert', 'groups_fts_next_delete', 'groups_fts_next_update']) {
    await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  await sql`drop table if exists search_rebuild`.execute(db);
  if (!options.keepTable) await sql`drop table if exists groups_fts_next`.execute(db);
}

async function schemaSql(db: Kysely<Database>, type: string, name: string): Promise<string> {
  const { rows } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = ${type} and name = ${name}`.execute(db);
  if (!rows[0]) throw new Error(`no ${type} ${name} in the schema`);
  return rows[0].sql;
}

/** A group the new index already holds: copied by a slice, or added after the rebuild began. */
const HELD = (row: 'old' | 'new') =>
  `(${row}.id <= (select upto from search_rebuild) or ${row}.id > (select max_id from search_rebuild))`;

const NEXT_TRIGGERS = [
  `create trigger groups_fts_next_insert after insert on groups when ${HELD('new')} begin
     insert into groups_fts_next (rowid, search_text) values (new.id, new.search_text);
   end`,
  `create trigger groups_fts_next_delete after delete on groups when ${HELD('old')} begin
     insert into groups_fts_next (groups_fts_next, rowid, search_text) values ('delete', old.id, old.search_text);
   end`,
  `create trigger groups_fts_next_update after update of search_text on groups when ${HELD('old')} begin
     insert into groups_fts_next (groups_fts_next, rowid, search_text) values ('delete', old.id, old.search_text);
     insert into groups_fts_next (rowid, search_text) values (new.id, new.search_text);
   end`,
];

/** SQLite only: whether the FTS5 index holds exactly what the groups table says (FTS5's own check). */
export async function searchIndexIsIntact(db: Kysely<Database>): Promise<boolean> {
  if (dialectOf(db) === 'postgres') return true;
  try {
    await sql`insert into groups_fts (groups_fts, rank) values ('integrity-check', 1)`.execute(db);
    return true;
  } catch {
    return false;
  }
}
