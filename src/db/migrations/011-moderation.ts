import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.js';
import { withIdColumn } from '../schema-helpers.js';

/**
 * Owners, moderation and discovery (docs/groups.md):
 *
 * - groups.is_verified becomes the review state: 0 pending, 1 verified and public, 2 rejected,
 *   3 verified but hidden by reports. The name stays (the feed indexes lead with it, the
 *   statistics counters of migration 007 count by it, seeds write it), and with it every index
 *   range stays exact: `is_verified = 1` is the public list. Existing rows hold 0 and 1, which
 *   mean what they meant, so the counters need no recount. A rejected group keeps its reason in
 *   rejection_reason.
 * - group_reports: one row per report, at most one open per user and group (a partial unique
 *   index); the moderation queue walks (status, created_at, id). The counters get a metric
 *   'reports' (key = status), kept by triggers like the others.
 * - group_tags (tag, group_id) for the tag filter, and tag_counts (public groups per tag, with an
 *   index on the count for the top tags), both kept by triggers from groups.tags, so no code that
 *   writes a group has to know.
 * - Indexes for the orders by likes (is_verified, likes, created_at, id) and trending (the likes
 *   of the last days: group_likes by created_at).
 */
export const SHARDS = 16;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  // Writers wait while the triggers appear and the tags are copied, so none is missed.
  if (!sqlite) await sql`lock table groups in share row exclusive mode`.execute(db);

  await db.schema.alterTable('groups').addColumn('rejection_reason', 'text').execute();
  await db.schema
    .createIndex('groups_likes_feed')
    .on('groups')
    .columns(['is_verified', 'likes', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('group_likes_created_at')
    .on('group_likes')
    .columns(['created_at', 'group_id'])
    .execute();

  await withIdColumn(db, db.schema.createTable('group_reports'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('reporter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema
    .createIndex('group_reports_queue')
    .on('group_reports')
    .columns(['status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('group_reports_group')
    .on('group_reports')
    .columns(['group_id', 'status'])
    .execute();
  await db.schema
    .createIndex('group_reports_reporter')
    .on('group_reports')
    .columns(['reporter_id', 'status'])
    .execute();
  await db.schema
    .createIndex('group_reports_one_open')
    .on('group_reports')
    .columns(['group_id', 'reporter_id'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();

  await sql`create table group_tags (
    tag text not null,
    group_id integer not null,
    primary key (tag, group_id)
  ) ${sql.raw(sqlite ? 'without rowid' : '')}`.execute(db);
  await sql`create table tag_counts (tag text primary key, count bigint not null)`.execute(db);
  await db.schema.createIndex('tag_counts_top').on('tag_counts').columns(['count', 'tag']).execute();

  for (const statement of sqlite ? SQLITE_TRIGGERS : POSTGRES_TRIGGERS) await sql.raw(statement).execute(db);
  for (const statement of sqlite ? SQLITE_FILL : POSTGRES_FILL) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  for (const [name, table] of TRIGGERS) {
    await sql.raw(`drop trigger if exists ${name}${sqlite ? '' : ` on ${table}`}`).execute(db);
    if (!sqlite) await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
  await db.schema.dropTable('tag_counts').execute();
  await db.schema.dropTable('group_tags').execute();
  await db.schema.dropTable('group_reports').execute();
  await db.schema.dropIndex('group_likes_created_at').execute();
  await db.schema.dropIndex('groups_likes_feed').execute();
  await db.schema.alterTable('groups').dropColumn('rejection_reason').execute();
}

/** The recount of the 'reports' metric (stats-repository.ts adds it to migration 007's). */
export const REPORTS_RECOUNT_SELECT = `select 'reports' as metric, status as key, '' as name, 0 as verified,
  id % ${SHARDS} as shard, count(*) as count from group_reports group by status, id % ${SHARDS}`;

/** The tags of the groups there are, and the public ones counted (here and in a recount). */
export const SQLITE_FILL = [
  `insert or ignore into group_tags (tag, group_id)
     select distinct t.value, g.id from groups g, json_each(g.tags) t where t.type = 'text'`,
  `insert into tag_counts (tag, count)
     select gt.tag, count(*) from group_tags gt join groups g on g.id = gt.group_id
     where g.is_verified = 1 group by gt.tag`,
];
export const POSTGRES_FILL = [
  `insert into group_tags (tag, group_id)
     select distinct t.tag, g.id from groups g cross join lateral jsonb_array_elements_text(g.tags::jsonb) t(tag)
     on conflict do nothing`,
  `insert into tag_counts (tag, count)
     select gt.tag, count(*) from group_tags gt join groups g on g.id = gt.group_id
     where g.is_verified = 1 group by gt.tag`,
];

const TRIGGERS = [
  ['group_tags_insert', 'groups'],
  ['group_tags_delete', 'groups'],
  ['group_tags_update', 'groups'],
  ['stat_reports_insert', 'group_reports'],
  ['stat_reports_delete', 'group_reports'],
  ['stat_reports_update', 'group_reports'],
] as const;

/** The tags of one side's row, each once (a JSON array of strings; anything else is no tag). */
const sqliteTags = (row: 'old' | 'new') =>
  `(select distinct value from json_each(${row}.tags) where type = 'text')`;

/** SQLite: row triggers; one write at a time, so plain counter updates are exact. */
const SQLITE_TRIGGERS = [
  `create trigger group_tags_insert after insert on groups begin
     insert or ignore into group_tags (tag, group_id) select value, new.id from ${sqliteTags('new')};
     insert into tag_counts (tag, count) select value, 1 from ${sqliteTags('new')} where new.is_verified = 1
       on conflict (tag) do update set count = count + 1;
   end`,
  `create trigger group_tags_delete after delete on groups begin
     delete from group_tags where group_id = old.id and tag in ${sqliteTags('old')};
     update tag_counts set count = count - 1 where old.is_verified = 1 and tag in ${sqliteTags('old')};
     delete from tag_counts where count <= 0 and tag in ${sqliteTags('old')};
   end`,
  `create trigger group_tags_update after update of tags, is_verified on groups
     when old.tags is not new.tags or old.is_verified is not new.is_verified begin
     delete from group_tags where old.tags is not new.tags and group_id = old.id and tag in ${sqliteTags('old')};
     insert or ignore into group_tags (tag, group_id)
       select value, new.id from ${sqliteTags('new')} where old.tags is not new.tags;
     update tag_counts set count = count - 1 where old.is_verified = 1 and tag in ${sqliteTags('old')};
     insert into tag_counts (tag, count) select value, 1 from ${sqliteTags('new')} where new.is_verified = 1
       on conflict (tag) do update set count = count + 1;
     delete from tag_counts where count <= 0 and tag in ${sqliteTags('old')};
   end`,
  ...(['insert', 'delete', 'update'] as const).map((event) => {
    const bump = (side: 'old' | 'new', delta: number) => `
      insert into stat_counters (metric, key, name, verified, shard, count)
        values ('reports', ${side}.status, '', 0, ${side}.id % ${SHARDS}, ${delta})
        on conflict (metric, key, name, verified, shard) do update set count = count + excluded.count;
      delete from stat_counters where metric = 'reports' and key = ${side}.status and name = ''
        and verified = 0 and shard = ${side}.id % ${SHARDS} and count = 0;`;
    if (event === 'insert')
      return `create trigger stat_reports_insert after insert on group_reports begin ${bump('new', 1)} end`;
    if (event === 'delete')
      return `create trigger stat_reports_delete after delete on group_reports begin ${bump('old', -1)} end`;
    return `create trigger stat_reports_update after update of status on group_reports
      when old.status is not new.status begin ${bump('old', -1)} ${bump('new', 1)} end`;
  }),
];

/**
 * PostgreSQL: where the rows of a statement come from: a side's transition table, or for an
 * update the rows of one side whose tags (or state, with `state`) changed, found by one join.
 */
type Source = string;
const side = (name: 'old' | 'new'): Source => `${name}_rows`;
const changedRows = (name: 'old' | 'new', state: boolean): Source => {
  const row = name === 'old' ? 'o' : 'n';
  const changed = `o.tags is distinct from n.tags${state ? ' or o.is_verified is distinct from n.is_verified' : ''}`;
  return `(select ${row}.id, ${row}.is_verified, ${row}.tags from old_rows o join new_rows n on n.id = o.id
    where ${changed})`;
};

/** The rows of a source with each of their tags once. */
const pgTags = (source: Source) =>
  `(select distinct r.id, r.is_verified, t.tag from ${source} r
     cross join lateral jsonb_array_elements_text(r.tags::jsonb) t(tag))`;

/**
 * Public tags moved by the rows of the given sources (minus for the old, plus for the new),
 * netted per tag and written in tag order (two transactions moving the same tags lock their rows
 * in the same order), then the ones at zero go.
 */
function pgTagCounts(parts: Array<{ source: Source; delta: -1 | 1 }>): string {
  const changes = parts.map(
    ({ source, delta }) => `select x.tag, ${delta} from ${pgTags(source)} x where x.is_verified = 1`,
  );
  const touched = parts.map(({ source }) => `select y.tag from ${pgTags(source)} y`);
  return `
    insert into tag_counts as c (tag, count)
      select tag, sum(delta) from (${changes.join(' union all ')}) as d (tag, delta)
      group by tag having sum(delta) <> 0 order by tag
      on conflict (tag) do update set count = c.count + excluded.count;
    delete from tag_counts where count <= 0 and tag in (${touched.join(' union ')});`;
}

const pgFunction = (name: string, body: string) =>
  `create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`;

const pgTrigger = (name: string, table: string, event: string, referencing: string) =>
  `create trigger ${name} after ${event} on ${table} referencing ${referencing}
     for each statement execute function ${name}()`;

/** Net 'reports' counters of one statement's rows, as migration 007 moves its own. */
function pgReportCounters(sides: Array<'old' | 'new'>): string {
  const rows = sides.map(
    (side) =>
      `select 'reports', r.status, '', 0, r.id % ${SHARDS}, ${side === 'old' ? -1 : 1}::bigint from ${side}_rows r`,
  );
  const touched = sides.map(
    (side) => `select 'reports', r.status, '', 0, r.id % ${SHARDS} from ${side}_rows r`,
  );
  return `
    insert into stat_counters as c (metric, key, name, verified, shard, count)
      select metric, key, name, verified, shard, sum(delta) from (${rows.join(' union all ')})
        as change (metric, key, name, verified, shard, delta)
      group by metric, key, name, verified, shard having sum(delta) <> 0
      order by metric, key, name, verified, shard
      on conflict (metric, key, name, verified, shard) do update set count = c.count + excluded.count;
    delete from stat_counters as s using (${touched.join(' union ')}) as t (metric, key, name, verified, shard)
      where s.metric = t.metric and s.key = t.key and s.name = t.name and s.verified = t.verified
        and s.shard = t.shard and s.count = 0;`;
}

/**
 * PostgreSQL: statement triggers with transition tables, as in migration 007 (a column list is
 * not allowed with them, so the update triggers find the rows that changed: a like moves nothing).
 */
const POSTGRES_TRIGGERS = [
  pgFunction(
    'group_tags_insert',
    `insert into group_tags (tag, group_id) select x.tag, x.id from ${pgTags(side('new'))} x on conflict do nothing;
     ${pgTagCounts([{ source: side('new'), delta: 1 }])}`,
  ),
  pgFunction(
    'group_tags_delete',
    `delete from group_tags g using ${pgTags(side('old'))} x where g.tag = x.tag and g.group_id = x.id;
     ${pgTagCounts([{ source: side('old'), delta: -1 }])}`,
  ),
  pgFunction(
    'group_tags_update',
    `delete from group_tags g using ${pgTags(changedRows('old', false))} x where g.tag = x.tag and g.group_id = x.id;
     insert into group_tags (tag, group_id) select x.tag, x.id from ${pgTags(changedRows('new', false))} x
       on conflict do nothing;
     ${pgTagCounts([
       { source: changedRows('old', true), delta: -1 },
       { source: changedRows('new', true), delta: 1 },
     ])}`,
  ),
  pgFunction('stat_reports_insert', pgReportCounters(['new'])),
  pgFunction('stat_reports_delete', pgReportCounters(['old'])),
  pgFunction('stat_reports_update', pgReportCounters(['old', 'new'])),
  pgTrigger('group_tags_insert', 'groups', 'insert', 'new table as new_rows'),
  pgTrigger('group_tags_delete', 'groups', 'delete', 'old table as old_rows'),
  pgTrigger('group_tags_update', 'groups', 'update', 'old table as old_rows new table as new_rows'),
  pgTrigger('stat_reports_insert', 'group_reports', 'insert', 'new table as new_rows'),
  pgTrigger('stat_reports_delete', 'group_reports', 'delete', 'old table as old_rows'),
  pgTrigger('stat_reports_update', 'group_reports', 'update', 'old table as old_rows new table as new_rows'),
];
