import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * Statistics in constant time: the counts behind GET /api/public/stats and /api/admin/stats live
 * in stat_counters, one row per (metric, key, name, verified, shard), kept exact by triggers on
 * users and groups in the same transaction as every write, so no code that writes has to know.
 * Metrics:
 * - users:    key = role, verified = is_verified;
 * - groups:   verified = is_verified;
 * - platform: key = platform_key, name = the stored spelling, verified = is_verified;
 * - category: the same for category_key and category;
 * - likes:    the sum of groups.likes (the like counter on each group, moved by likes and unlikes;
 *             a group's likes leave with the group).
 * Each count is spread over SHARDS rows (the row's id modulo SHARDS), which readers add up: on
 * PostgreSQL a counter row is locked until its transaction commits, and one row for all likes
 * would make every like in the directory wait for the one before. A row whose count falls to
 * zero is removed. Existing databases are counted once here.
 */
export const SHARDS = 16;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stat_counters')
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stat_counters_pk', ['metric', 'key', 'name', 'verified', 'shard'])
    .execute();

  if (dialectOf(db) === 'sqlite') {
    for (const statement of sqliteTriggers()) await sql.raw(statement).execute(db);
  } else {
    // Writers wait while the triggers appear and the rows are counted, so none is missed.
    await sql`lock table users, groups in share row exclusive mode`.execute(db);
    for (const statement of postgresTriggers()) await sql.raw(statement).execute(db);
  }
  for (const statement of RECOUNT) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const name of SQLITE_TRIGGER_NAMES) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  } else {
    for (const [trigger, table] of POSTGRES_TRIGGERS) {
      await sql.raw(`drop trigger if exists ${trigger} on ${table}`).execute(db);
    }
    for (const [, , fn] of POSTGRES_TRIGGERS) await sql.raw(`drop function if exists ${fn}()`).execute(db);
  }
  await db.schema.dropTable('stat_counters').execute();
}

/**
 * The counters as the tables hold them, one query per metric: the migration counts with them,
 * `npm run admin -- reindex` recounts with them, tests compare with them.
 */
export const RECOUNT_SELECTS = [
  `select 'users' as metric, role as key, '' as name, is_verified as verified, id % ${SHARDS} as shard,
    count(*) as count from users group by role, is_verified, id % ${SHARDS}`,
  `select 'groups' as metric, '' as key, '' as name, is_verified as verified, id % ${SHARDS} as shard,
    count(*) as count from groups group by is_verified, id % ${SHARDS}`,
  `select 'platform' as metric, platform_key as key, platform as name, is_verified as verified,
    id % ${SHARDS} as shard, count(*) as count from groups
    group by platform_key, platform, is_verified, id % ${SHARDS}`,
  `select 'category' as metric, category_key as key, category as name, is_verified as verified,
    id % ${SHARDS} as shard, count(*) as count from groups
    group by category_key, category, is_verified, id % ${SHARDS}`,
  `select 'likes' as metric, '' as key, '' as name, 0 as verified, id % ${SHARDS} as shard,
    sum(likes) as count from groups group by id % ${SHARDS} having sum(likes) <> 0`,
];

const RECOUNT = RECOUNT_SELECTS.map(
  (select) => `insert into stat_counters (metric, key, name, verified, shard, count) ${select}`,
);

type Side = 'old' | 'new';

/** The counter rows (metric, key, name, verified, shard) that a row of one side stands in. */
const userCounters = (r: Side) => [[`'users'`, `${r}.role`, `''`, `${r}.is_verified`, `${r}.id % ${SHARDS}`]];
const groupCounters = (r: Side) => [
  [`'groups'`, `''`, `''`, `${r}.is_verified`, `${r}.id % ${SHARDS}`],
  [`'platform'`, `${r}.platform_key`, `${r}.platform`, `${r}.is_verified`, `${r}.id % ${SHARDS}`],
  [`'category'`, `${r}.category_key`, `${r}.category`, `${r}.is_verified`, `${r}.id % ${SHARDS}`],
];
const likesCounter = (r: Side) => [`'likes'`, `''`, `''`, '0', `${r}.id % ${SHARDS}`];

const SQLITE_TRIGGER_NAMES = [
  'stat_users_insert',
  'stat_users_delete',
  'stat_users_update',
  'stat_groups_insert',
  'stat_groups_delete',
  'stat_groups_update',
  'stat_likes_update',
];

/**
 * SQLite: row triggers; each moves its counters one statement per counter (writes are one at a
 * time there, so order does not matter) and removes those that reached zero.
 */
function sqliteTriggers(): string[] {
  const bump = ([metric, key, name, verified, shard]: string[], delta: string) => `
    insert into stat_counters (metric, key, name, verified, shard, count)
      values (${metric}, ${key}, ${name}, ${verified}, ${shard}, ${delta})
      on conflict (metric, key, name, verified, shard) do update set count = count + excluded.count;
    delete from stat_counters where metric = ${metric} and key = ${key} and name = ${name}
      and verified = ${verified} and shard = ${shard} and count = 0;`;
  const move = (counters: string[][], delta: string) => counters.map((c) => bump(c, delta)).join('');
  return [
    `create trigger stat_users_insert after insert on users begin ${move(userCounters('new'), '1')} end`,
    `create trigger stat_users_delete after delete on users begin ${move(userCounters('old'), '-1')} end`,
    `create trigger stat_users_update after update of role, is_verified on users
       when old.role is not new.role or old.is_verified is not new.is_verified
       begin ${move(userCounters('old'), '-1')} ${move(userCounters('new'), '1')} end`,
    `create trigger stat_groups_insert after insert on groups
       begin ${move(groupCounters('new'), '1')} ${bump(likesCounter('new'), 'new.likes')} end`,
    `create trigger stat_groups_delete after delete on groups
       begin ${move(groupCounters('old'), '-1')} ${bump(likesCounter('old'), '-old.likes')} end`,
    `create trigger stat_groups_update
       after update of is_verified, platform, platform_key, category, category_key on groups
       when old.is_verified is not new.is_verified or old.platform is not new.platform
         or old.platform_key is not new.platform_key or old.category is not new.category
         or old.category_key is not new.category_key
       begin ${move(groupCounters('old'), '-1')} ${move(groupCounters('new'), '1')} end`,
    `create trigger stat_likes_update after update of likes on groups when old.likes is not new.likes
       begin ${bump(likesCounter('new'), 'new.likes - old.likes')} end`,
  ];
}

/** [trigger, table, function] on PostgreSQL. */
const POSTGRES_TRIGGERS = [
  ['stat_users_insert', 'users', 'stat_users_insert'],
  ['stat_users_delete', 'users', 'stat_users_delete'],
  ['stat_users_update', 'users', 'stat_users_update'],
  ['stat_groups_insert', 'groups', 'stat_groups_insert'],
  ['stat_groups_delete', 'groups', 'stat_groups_delete'],
  ['stat_groups_update', 'groups', 'stat_groups_update'],
];

/**
 * PostgreSQL: statement triggers with transition tables, so a statement that writes 500 rows
 * moves the counters once, not 500 times. The rows' changes (old side minus, new side plus) are
 * netted in one INSERT … ON CONFLICT that visits the counter rows in a fixed order, so two
 * transactions that move the same counters (one group edited from platform A to B while another
 * goes from B to A) lock them in the same order and never wait for each other in a circle. Then
 * the touched rows at zero go.
 */
function postgresFunction(name: string, counters: (r: Side) => string[][], sides: Side[]): string {
  // The transition tables go by other names than old and new, which plpgsql keeps for OLD and NEW.
  const rowsOf = (side: Side, withDelta: boolean) => {
    const sign = side === 'old' ? '-1' : '1';
    const alias = `${side}_row`;
    const columns = (parts: string[]) => parts.join(', ').replaceAll(`${side}.`, `${alias}.`);
    const from = `from ${side}_rows ${alias}`;
    const rows = counters(side).map(
      (c) => `select ${columns(c)}${withDelta ? `, ${sign}::bigint` : ''} ${from}`,
    );
    if (counters === groupCounters) {
      const likes = columns(likesCounter(side));
      rows.push(`select ${likes}${withDelta ? `, ${sign} * ${alias}.likes::bigint` : ''} ${from}`);
    }
    return rows;
  };
  const changes = sides.flatMap((side) => rowsOf(side, true));
  const touched = sides.flatMap((side) => rowsOf(side, false));
  return `create function ${name}() returns trigger language plpgsql as $$
    begin
      insert into stat_counters as c (metric, key, name, verified, shard, count)
        select metric, key, name, verified, shard, sum(delta) from (
          ${changes.join('\n          union all ')}
        ) as change (metric, key, name, verified, shard, delta)
        group by metric, key, name, verified, shard having sum(delta) <> 0
        order by metric, key, name, verified, shard
        on conflict (metric, key, name, verified, shard) do update set count = c.count + excluded.count;
      delete from stat_counters as s using (
          ${touched.join('\n          union ')}
        ) as t (metric, key, name, verified, shard)
        where s.metric = t.metric and s.key = t.key and s.name = t.name and s.verified = t.verified
          and s.shard = t.shard and s.count = 0;
      return null;
    end $$`;
}

function postgresTriggers(): string[] {
  const trigger = (name: string, table: string, event: string, referencing: string) =>
    `create trigger ${name} after ${event} on ${table} referencing ${referencing}
       for each statement execute function ${name}()`;
  return [
    postgresFunction('stat_users_insert', userCounters, ['new']),
    postgresFunction('stat_users_delete', userCounters, ['old']),
    postgresFunction('stat_users_update', userCounters, ['old', 'new']),
    postgresFunction('stat_groups_insert', groupCounters, ['new']),
    postgresFunction('stat_groups_delete', groupCounters, ['old']),
    postgresFunction('stat_groups_update', groupCounters, ['old', 'new']),
    trigger('stat_users_insert', 'users', 'insert', 'new table as new_rows'),
    trigger('stat_users_delete', 'users', 'delete', 'old table as old_rows'),
    trigger('stat_users_update', 'users', 'update', 'old table as old_rows new table as new_rows'),
    trigger('stat_groups_insert', 'groups', 'insert', 'new table as new_rows'),
    trigger('stat_groups_delete', 'groups', 'delete', 'old table as old_rows'),
    trigger('stat_groups_update', 'groups', 'update', 'old table as old_rows new table as new_rows'),
  ];
}
