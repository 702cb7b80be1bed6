import { type Kysely, type Selectable, sql } from 'kysely';
import { compileOnce } from '../../db/compile-once.js';
import { type Database, dialectOf } from '../../db/database.js';
import { RECOUNT_SELECTS as GROUP_AND_USER_RECOUNTS } from '../../db/migrations/007-stat-counters.js';
import { POSTGRES_FILL, REPORTS_RECOUNT_SELECT, SQLITE_FILL } from '../../db/migrations/011-moderation.js';
import type { StatCountersTable } from '../../db/tables/stats.js';
import type { AdminStats, GroupFacets, NameCount, PublicStats } from '../directory-contract.js';
import { GROUP_STATE } from '../groups/group-state.js';

/** Every counter's recount: users, groups, platforms, categories, likes (007) and reports (011). */
const RECOUNT_SELECTS = [...GROUP_AND_USER_RECOUNTS, REPORTS_RECOUNT_SELECT];

/**
 * Statistics read from stat_counters (migration 007), which triggers keep exact on every write:
 * a handful of rows whatever the number of groups, read in one statement, so the figures agree
 * with each other. recountStatCounters rebuilds them from the tables.
 */
type CounterRow = Selectable<StatCountersTable>;

/**
 * The counters a statistic reads, their shards added up by the database (fewer rows to send).
 * Built and compiled once per database: on a request this cheap, compiling the query anew each
 * time would cost about as much as running it.
 */
const countersQuery = (which: 'public' | 'admin' | 'facets') =>
  compileOnce((db: Kysely<Database>) =>
    db
      .selectFrom('stat_counters')
      .select((eb) => ['metric', 'key', 'name', 'verified', eb.fn.sum<number>('count').as('count')])
      .where(
        'metric',
        'in',
        which === 'public'
          ? ['users', 'groups', 'likes', 'platform']
          : which === 'facets'
            ? ['platform', 'category']
            : ['users', 'groups', 'likes', 'platform', 'category', 'reports'],
      )
      // The public figures name only the platforms of verified groups (the facets: of public ones).
      .$if(which === 'public', (query) =>
        query.where((eb) =>
          eb.or([
            eb('metric', '<>', 'platform'),
            eb('verified', 'in', [GROUP_STATE.public, GROUP_STATE.hidden]),
          ]),
        ),
      )
      .$if(which === 'facets', (query) => query.where('verified', '=', GROUP_STATE.public))
      .groupBy(['metric', 'key', 'name', 'verified']),
  );
const QUERIES = {
  public: countersQuery('public'),
  admin: countersQuery('admin'),
  facets: countersQuery('facets'),
};

async function counters(db: Kysely<Database>, which: 'public' | 'admin' | 'facets'): Promise<Total[]> {
  const { rows } = await db.executeQuery(QUERIES[which](db, {}));
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
  const rows = await counters(db, 'public');
  const of = (metric: string) => rows.filter((row) => row.metric === metric);
  const groups = of('groups');
  const platforms = distribution(of('platform'));
  return {
    members: sum(of('users')),
    groups_total: sum(groups),
    groups_verified: sum(groups.filter((row) => isVerified(row.verified))),
    total_likes: sum(of('likes')),
    platforms: platforms.map((p) => p.name).sort((a, b) => compare(a.toLowerCase(), b.toLowerCase())),
  };
}

export async function adminStats(db: Kysely<Database>): Promise<AdminStats> {
  const rows = await counters(db, 'admin');
  const of = (metric: string) => rows.filter((row) => row.metric === metric);
  const users = of('users');
  const byRole: Record<string, number> = { admin: 0, user: 0 };
  for (const row of users) byRole[row.key] = (byRole[row.key] ?? 0) + row.count;
  const groups = of('groups');
  const inState = (state: number) => sum(groups.filter((row) => row.verified === state));
  return {
    users: {
      total: sum(users),
      byRole,
      byStatus: {
        verified: sum(users.filter((row) => row.verified === 1)),
        unverified: sum(users.filter((row) => row.verified !== 1)),
      },
    },
    groups: {
      total: sum(groups),
      verified: inState(GROUP_STATE.public) + inState(GROUP_STATE.hidden),
      unverified: inState(GROUP_STATE.pending),
      rejected: inState(GROUP_STATE.rejected),
    },
    reports: { open: sum(of('reports').filter((row) => row.key === 'open')) },
    likes: sum(of('likes')),
    platforms: distribution(of('platform')),
    categories: distribution(of('category')),
  };
}

/** A group state that counts as verified: public, or hidden by reports. */
const isVerified = (state: number) => state === GROUP_STATE.public || state === GROUP_STATE.hidden;

/** How many of the most used tags GET /api/groups/facets names. */
export const FACET_TAGS = 50;

/**
 * Public groups per platform, category and tag (the FACET_TAGS most used), from counters the
 * triggers keep: the platforms and categories from stat_counters, the tags from tag_counts
 * through its index on the count. A few hundred rows whatever the number of groups.
 */
export async function groupFacets(db: Kysely<Database>): Promise<GroupFacets> {
  const rows = await counters(db, 'facets');
  const tags = await db
    .selectFrom('tag_counts')
    .select(['tag', 'count'])
    .where('count', '>', 0)
    .orderBy('count', 'desc')
    .orderBy('tag', 'asc')
    .limit(FACET_TAGS)
    .execute();
  return {
    platforms: distribution(rows.filter((row) => row.metric === 'platform')),
    categories: distribution(rows.filter((row) => row.metric === 'category')),
    tags: tags.map((row) => ({ name: row.tag, count: Number(row.count) })),
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
    // The tags of every group, and of the public ones their counts (migration 011).
    await trx.deleteFrom('group_tags').execute();
    await trx.deleteFrom('tag_counts').execute();
    for (const statement of postgres ? POSTGRES_FILL : SQLITE_FILL) await sql.raw(statement).execute(trx);
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

/**
 * The public tag counts as the groups' own tags say (tests, checks; reads every public group),
 * most used first, then by tag.
 */
export async function countedTagCounts(db: Kysely<Database>): Promise<NameCount[]> {
  const rows = await db
    .selectFrom('groups')
    .select('tags')
    .where('is_verified', '=', GROUP_STATE.public)
    .execute();
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const tag of new Set(JSON.parse(row.tags) as string[])) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => ({ name, count })).sort(byCountThenName);
}

/** The public tag counts as stored (tag_counts), in the same order. */
export async function storedTagCounts(db: Kysely<Database>): Promise<NameCount[]> {
  const rows = await db.selectFrom('tag_counts').select(['tag', 'count']).execute();
  return rows.map((row) => ({ name: row.tag, count: Number(row.count) })).sort(byCountThenName);
}

const byCountThenName = (a: NameCount, b: NameCount) => b.count - a.count || compare(a.name, b.name);

/** The counters as stored, shard by shard. */
export async function storedStatCounters(db: Kysely<Database>): Promise<CounterRow[]> {
  const rows = await db.selectFrom('stat_counters').selectAll().execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
