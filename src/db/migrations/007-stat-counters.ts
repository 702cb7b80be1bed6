import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * Statistics in constant time: the counts behind GET /api/public/stats and /api/admin/stats live
 * in stat_counters, one row per (metric, key, name, verified), kept exact by triggers on users and
 * groups in the same transaction as every write, so no code that writes has to know. Metrics:
 * - users:    key = role, verified = is_verified;
 * - groups:   verified = is_verified;
 * - platform: key = platform_key, name = the stored spelling, verified = is_verified;
 * - category: the same for category_key and category;
 * - likes:    the sum of groups.likes (the like counter on each group, moved by likes and unlikes;
 *             a group's likes leave with the group).
 * A row whose count falls to zero is removed. Existing databases are counted once here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite' && !db.isTransaction) {
    await db.transaction().execute((trx) => up(trx));
    return;
  }
  await db.schema
    .createTable('stat_counters')
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stat_counters_pk', ['metric', 'key', 'name', 'verified'])
    .execute();

  if (dialectOf(db) === 'sqlite') {
    for (const statement of sqliteTriggers()) await sql.raw(statement).execute(db);
  } else {
    // Writers wait while the triggers appear and the rows are counted, so none is missed.
    await sql`lock table users, groups in share row exclusive mode`.execute(db);
    for (const statement of postgresTriggers()) await sql.raw(statement).execute(db);
  }
  await recount(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const name of SQLITE_TRIGGER_NAMES) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  } else {
    for (const [trigger, table] of POSTGRES_TRIGGERS) {
      await sql.raw(`drop trigger if exists ${trigger} on ${table}`).execute(db);
    }
    for (const fn of ['stat_users_change', 'stat_groups_change', 'stat_likes_change']) {
      await sql.raw(`drop function if exists ${fn}()`).execute(db);
    }
  }
  await db.schema.dropTable('stat_counters').execute();
}

/** The counts as the tables hold them now (the same queries as `npm run admin -- reindex`). */
async function recount(db: Kysely<unknown>): Promise<void> {
  await sql`delete from stat_counters`.execute(db);
  await sql`insert into stat_counters (metric, key, name, verified, count)
    select 'users', role, '', is_verified, count(*) from users group by role, is_verified`.execute(db);
  await sql`insert into stat_counters (metric, key, name, verified, count)
    select 'groups', '', '', is_verified, count(*) from groups group by is_verified`.execute(db);
  await sql`insert into stat_counters (metric, key, name, verified, count)
    select 'platform', platform_key, platform, is_verified, count(*) from groups
    group by platform_key, platform, is_verified`.execute(db);
  await sql`insert into stat_counters (metric, key, name, verified, count)
    select 'category', category_key, category, is_verified, count(*) from groups
    group by category_key, category, is_verified`.execute(db);
  await sql`insert into stat_counters (metric, key, name, verified, count)
    select 'likes', '', '', 0, sum(likes) from groups having coalesce(sum(likes), 0) <> 0`.execute(db);
}

type Side = 'old' | 'new';

/** The counter rows (metric, key, name, verified) that one side of a changed row stands in. */
const userCounters = (r: Side) => [[`'users'`, `${r}.role`, `''`, `${r}.is_verified`]];
const groupCounters = (r: Side) => [
  [`'groups'`, `''`, `''`, `${r}.is_verified`],
  [`'platform'`, `${r}.platform_key`, `${r}.platform`, `${r}.is_verified`],
  [`'category'`, `${r}.category_key`, `${r}.category`, `${r}.is_verified`],
];
const LIKES = [`'likes'`, `''`, `''`, '0'];

const POSTGRES_TRIGGERS = [
  ['stat_users_insert_delete', 'users'],
  ['stat_users_update', 'users'],
  ['stat_groups_insert_delete', 'groups'],
  ['stat_groups_update', 'groups'],
  ['stat_likes_update', 'groups'],
];

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
 * SQLite: each trigger moves its counters one statement per counter (writes are one at a time
 * there, so order does not matter) and removes those that reached zero.
 */
function sqliteTriggers(): string[] {
  const bump = ([metric, key, name, verified]: string[], delta: string) => `
    insert into stat_counters (metric, key, name, verified, count)
      values (${metric}, ${key}, ${name}, ${verified}, ${delta})
      on conflict (metric, key, name, verified) do update set count = count + excluded.count;
    delete from stat_counters
      where metric = ${metric} and key = ${key} and name = ${name} and verified = ${verified} and count = 0;`;
  const move = (counters: string[][], delta: string) => counters.map((c) => bump(c, delta)).join('');
  return [
    `create trigger stat_users_insert after insert on users begin ${move(userCounters('new'), '1')} end`,
    `create trigger stat_users_delete after delete on users begin ${move(userCounters('old'), '-1')} end`,
    `create trigger stat_users_update after update of role, is_verified on users
       when old.role is not new.role or old.is_verified is not new.is_verified
       begin ${move(userCounters('old'), '-1')} ${move(userCounters('new'), '1')} end`,
    `create trigger stat_groups_insert after insert on groups
       begin ${move(groupCounters('new'), '1')} ${bump(LIKES, 'new.likes')} end`,
    `create trigger stat_groups_delete after delete on groups
       begin ${move(groupCounters('old'), '-1')} ${bump(LIKES, '-old.likes')} end`,
    `create trigger stat_groups_update
       after update of is_verified, platform, platform_key, category, category_key on groups
       when old.is_verified is not new.is_verified or old.platform is not new.platform
         or old.platform_key is not new.platform_key or old.category is not new.category
         or old.category_key is not new.category_key
       begin ${move(groupCounters('old'), '-1')} ${move(groupCounters('new'), '1')} end`,
    `create trigger stat_likes_update after update of likes on groups when old.likes is not new.likes
       begin ${bump(LIKES, 'new.likes - old.likes')} end`,
  ];
}

/**
 * PostgreSQL: one function per table nets the changes of a row (old side minus, new side plus;
 * OLD is null on INSERT and NEW on DELETE, and those sides are left out) into one INSERT … ON
 * CONFLICT that visits the counter rows in a fixed order, so two transactions that move the same
 * counters (one group edited from platform A to B while another goes from B to A) lock them in
 * the same order and never wait for each other in a circle. Then the touched rows at zero go.
 */
function postgresFunction(name: string, counters: (r: Side) => string[][]): string {
  const side = (r: Side) => {
    const sign = r === 'old' ? '-1' : '1';
    const rows = counters(r).map((c) => [...c, sign]);
    if (counters === groupCounters) rows.push([...LIKES, `${sign} * ${r}.likes`]);
    const skip = r === 'old' ? 'INSERT' : 'DELETE';
    return rows.map((row) => `select ${row.join(', ')} where tg_op <> '${skip}'`);
  };
  const touched = (['old', 'new'] as const).flatMap((r) =>
    counters(r).map((c) => `select ${c.join(', ')} where tg_op <> '${r === 'old' ? 'INSERT' : 'DELETE'}'`),
  );
  return `create function ${name}() returns trigger language plpgsql as $$
    begin
      insert into stat_counters as c (metric, key, name, verified, count)
        select metric, key, name, verified, sum(delta) from (
          ${[...side('old'), ...side('new')].join('\n          union all ')}
        ) as change (metric, key, name, verified, delta)
        group by metric, key, name, verified having sum(delta) <> 0
        order by metric, key, name, verified
        on conflict (metric, key, name, verified) do update set count = c.count + excluded.count;
      delete from stat_counters as s using (
          ${touched.join('\n          union all ')}
        ) as t (metric, key, name, verified)
        where s.metric = t.metric and s.key = t.key and s.name = t.name and s.verified = t.verified
          and s.count = 0;
      return null;
    end $$`;
}

function postgresTriggers(): string[] {
  return [
    postgresFunction('stat_users_change', userCounters),
    `create trigger stat_users_insert_delete after insert or delete on users
       for each row execute function stat_users_change()`,
    `create trigger stat_users_update after update of role, is_verified on users for each row
       when (old.role is distinct from new.role or old.is_verified is distinct from new.is_verified)
       execute function stat_users_change()`,
    postgresFunction('stat_groups_change', groupCounters),
    `create trigger stat_groups_insert_delete after insert or delete on groups
       for each row execute function stat_groups_change()`,
    `create trigger stat_groups_update
       after update of is_verified, platform, platform_key, category, category_key on groups for each row
       when (old.is_verified is distinct from new.is_verified or old.platform is distinct from new.platform
         or old.platform_key is distinct from new.platform_key or old.category is distinct from new.category
         or old.category_key is distinct from new.category_key)
       execute function stat_groups_change()`,
    // A like moves one counter: the cheapest trigger, on the busiest write.
    `create function stat_likes_change() returns trigger language plpgsql as $$
       begin
         insert into stat_counters as c (metric, key, name, verified, count)
           values ('likes', '', '', 0, new.likes - old.likes)
           on conflict (metric, key, name, verified) do update set count = c.count + excluded.count;
         delete from stat_counters
           where metric = 'likes' and key = '' and name = '' and verified = 0 and count = 0;
         return null;
       end $$`,
    `create trigger stat_likes_update after update of likes on groups for each row
       when (old.likes is distinct from new.likes) execute function stat_likes_change()`,
  ];
}
