import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { AdminStats, NameCount, PublicStats } from '../directory-contract.js';

/** Counts over every group: total, verified, and the likes they hold. */
async function groupTotals(db: Kysely<Database>) {
  const row = await db
    .selectFrom('groups')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.coalesce(eb.fn.sum<number>('is_verified'), eb.lit(0)).as('verified'),
      eb.fn.coalesce(eb.fn.sum<number>('likes'), eb.lit(0)).as('likes'),
    ])
    .executeTakeFirstOrThrow();
  // pg returns SUM as numeric (a string); both dialects agree once it is a number.
  return { total: Number(row.total), verified: Number(row.verified), likes: Number(row.likes) };
}

/**
 * Names grouped by their key (blind to letter case, see platforms.ts), each shown under one stored
 * spelling, most frequent first, then by name. The spelling is the first in code-point order,
 * picked here rather than by SQL MIN(), whose order is the database's collation: "Anime" on SQLite
 * and on a C-collated PostgreSQL, but "anime" under en_US and most other linguistic collations.
 */
async function distribution(
  db: Kysely<Database>,
  column: 'platform' | 'category',
  options: { verifiedOnly?: boolean } = {},
): Promise<NameCount[]> {
  const key = column === 'platform' ? 'platform_key' : 'category_key';
  // One row per spelling (a handful per key), so the pick costs next to nothing.
  let query = db
    .selectFrom('groups')
    .select((eb) => [eb.ref(key).as('key'), eb.ref(column).as('name'), eb.fn.countAll<number>().as('count')])
    .groupBy([key, column]);
  if (options.verifiedOnly) query = query.where('is_verified', '=', 1);
  const byKey = new Map<string, NameCount>();
  for (const row of await query.execute()) {
    const name = String(row.name);
    const count = Number(row.count);
    const seen = byKey.get(row.key);
    if (!seen) byKey.set(row.key, { name, count });
    else
      byKey.set(row.key, {
        name: compare(name, seen.name) < 0 ? name : seen.name,
        count: seen.count + count,
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
  const [members, groups, platforms] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    groupTotals(db),
    distribution(db, 'platform', { verifiedOnly: true }),
  ]);
  return {
    members: Number(members.n),
    groups_total: groups.total,
    groups_verified: groups.verified,
    total_likes: groups.likes,
    platforms: platforms.map((p) => p.name).sort((a, b) => compare(a.toLowerCase(), b.toLowerCase())),
  };
}

export async function adminStats(db: Kysely<Database>): Promise<AdminStats> {
  const [roles, groups, platforms, categories] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => ['role', 'is_verified', eb.fn.countAll<number>().as('n')])
      .groupBy(['role', 'is_verified'])
      .execute(),
    groupTotals(db),
    distribution(db, 'platform'),
    distribution(db, 'category'),
  ]);
  const byRole: Record<string, number> = { admin: 0, user: 0 };
  const byStatus = { verified: 0, unverified: 0 };
  let total = 0;
  for (const row of roles) {
    const n = Number(row.n);
    total += n;
    byRole[row.role] = (byRole[row.role] ?? 0) + n;
    if (row.is_verified === 1) byStatus.verified += n;
    else byStatus.unverified += n;
  }
  return {
    users: { total, byRole, byStatus },
    groups: { total: groups.total, verified: groups.verified, unverified: groups.total - groups.verified },
    likes: groups.likes,
    platforms,
    categories,
  };
}
