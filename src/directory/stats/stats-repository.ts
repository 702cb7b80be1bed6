import { type Kysely, type Selectable, sql } from 'kysely';
import { type Database, dialectOf } from '../../db/database.js';
import { RECOUNT_SELECTS } from '../../db/migrations/007-stat-counters.js';
import type { StatCountersTable } from '../../db/tables/stats.js';
import type { AdminStats, NameCount, PublicStats } from '../directory-contract.js';

/**
 * Statistics read from stat_counters (migration 007), which triggers keep exact on every write:
 * a handful of rows whatever the number of groups, read in one statement, so the figures agree
 * with each other. recountStatCounters rebuilds them from the tables.
 */
type CounterRow = Selectable<StatCountersTable>;

/** The counters of these metrics, their shards added up (by the database: fewer rows to send). */
async function counters(
  db: Kysely<Database>,
  metrics: string[],
  options: { verifiedOnly?: string[] } = {},
): Promise<Total[]> {
  const only = options.verifiedOnly ?? [];
  const rows = await db
    .selectFrom('stat_counters')
    .select((eb) => ['metric', 'key', 'name', 'verified', eb.fn.sum<number>('count').as('count')])
    .where('metric', 'in', metrics)
    .$if(only.length > 0, (query) =>
      query.where((eb) => eb.or([eb('metric', 'not in', only), eb('verified', '=', 1)])),
    )
    .groupBy(['metric', 'key', 'name', 'verified'])
    .execute();
  // pg hands back SUM of a BIGINT as numeric (a string).
  return rows.map((row) => ({ ...row, verified: Number(row.verified), count: Number(row.count) }));
}

/** A counter with its shards added up. */
type Total = Omit<CounterRow, 'shard'>;

const sum = (rows: Total[]) => rows.reduce((total, row) => total + row.count, 0);

/**
 * Names grouped by their key (blind to letter case, see platforms.ts), each shown under one stored
 * spelling, most frequent first, then by name. The spelling is the first in code-point order,
 * picked here rather than by SQL MIN(), whose order is the database's collation: "Anime" on SQLite
 * and on a C-collated PostgreSQL, but "anime" under en_US and most other linguistic collations.
 */
function distribution(rows: Total[]): NameCount[] {
  const byKey = new Map<string, NameCount>();
  for (const row of rows) {
    if (row.count <= 0) continue;
    const seen = byKey.get(row.key);
    if (!seen) byKey.set(row.key, { name: row.name, count: row.count });
    else
      byKey.set(row.key, {
        name: compare(row.name, seen.name) < 0 ? row.name : seen.name,
        count: seen.count + row.count,
      });
  }
  return [...byKey.values()].sort(
    (a, b) =>
      b.count - a.count || compare(a.name.toLowerCase(), b.name.toLowerCase()) || compare(a.name, b.name),
  );
}

/** Code-point order, which is UTF-8 byte order (JS's own < compares UTF-16 units, which is not). */
const compare = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

export async function publicStats(db: Kysely<Database>): Promise<PublicStats> {
  const rows = await counters(db, ['users', 'groups', 'likes', 'platform'], { verifiedOnly: ['platform'] });
  const of = (metric: string) => rows.filter((row) => row.metric === metric);
  const groups = of('groups');
  const platforms = distribution(of('platform').filter((row) => row.verified === 1));
  return {
    members: sum(of('users')),
    groups_total: sum(groups),
    groups_verified: sum(groups.filter((row) => row.verified === 1)),
    total_likes: sum(of('likes')),
    platforms: platforms.map((p) => p.name).sort((a, b) => compare(a.toLowerCase(), b.toLowerCase())),
  };
}

export async function adminStats(db: Kysely<Database>): Promise<AdminStats> {
  const rows = await counters(db, ['users', 'groups', 'likes', 'platform', 'category']);
  const of = (metric: string) => rows.filter((row) => row.metric === metric);
  const users = of('users');
  const byRole: Record<string, number> = { admin: 0, user: 0 };
  for (const row of users) byRole[row.key] = (byRole[row.key] ?? 0) + row.count;
  const groups = of('groups');
  const verified = sum(groups.filter((row) => row.verified === 1));
  return {
    users: {
      total: sum(users),
      byRole,
      byStatus: {
        verified: sum(users.filter((row) => row.verified === 1)),
        unverified: sum(users.filter((row) => row.verified !== 1)),
      },
    },
    groups: { total: sum(groups), verified, unverified: sum(groups) - verified },
    likes: sum(of('likes')),
    platforms: distribution(of('platform')),
    categories: distribution(of('category')),
  };
}

/**
 * Counts every counter anew from the tables, in one transaction that holds writers off meanwhile
 * (on SQLite by writing first, on PostgreSQL by a lock that still lets readers through), so no
 * write falls between the count and its trigger. About a second per million groups.
 */
export async function recountStatCounters(db: Kysely<Database>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.transaction().execute(async (trx) => {
    if (postgres) {
      await sql`lock table users, groups in share row exclusive mode`.execute(trx);
    }
    await trx.deleteFrom('stat_counters').execute();
    for (const select of RECOUNT_SELECTS) {
      await sql`insert into stat_counters (metric, key, name, verified, shard, count) ${sql.raw(select)}`.execute(
        trx,
      );
    }
  });
}

/** The full recount as rows, without writing: what the counters must equal (tests, checks). */
export async function countedStatCounters(db: Kysely<Database>): Promise<CounterRow[]> {
  const rows: CounterRow[] = [];
  for (const select of RECOUNT_SELECTS) {
    const result = await sql<CounterRow>`${sql.raw(select)}`.execute(db);
    rows.push(
      ...result.rows.map((row) => ({
        ...row,
        verified: Number(row.verified),
        shard: Number(row.shard),
        count: Number(row.count),
      })),
    );
  }
  return rows;
}

/** The counters as stored, shard by shard. */
export async function storedStatCounters(db: Kysely<Database>): Promise<CounterRow[]> {
  const rows = await db.selectFrom('stat_counters').selectAll().execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
