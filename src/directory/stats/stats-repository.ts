import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

export interface PublicStats {
  members: number;
  groups_total: number;
  groups_verified: number;
  total_likes: number;
  platforms: string[];
}

export interface NameCount {
  name: string;
  count: number;
}

export interface AdminStats {
  users: {
    total: number;
    byRole: Record<string, number>;
    byStatus: { verified: number; unverified: number };
  };
  groups: { total: number; verified: number; unverified: number };
  likes: number;
  platforms: NameCount[];
  categories: NameCount[];
}

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
 * Names grouped by their case-insensitive key, each shown under one stored spelling (the first in
 * code-point order, so the answer is stable), most frequent first, then by name.
 */
async function distribution(
  db: Kysely<Database>,
  column: 'platform' | 'category',
  options: { verifiedOnly?: boolean } = {},
): Promise<NameCount[]> {
  const key = column === 'platform' ? 'platform_key' : 'category_key';
  let query = db
    .selectFrom('groups')
    .select((eb) => [eb.fn.min(column).as('name'), eb.fn.countAll<number>().as('count')])
    .groupBy(key);
  if (options.verifiedOnly) query = query.where('is_verified', '=', 1);
  const rows = await query.execute();
  return rows
    .map((r) => ({ name: String(r.name), count: Number(r.count) }))
    .sort((a, b) => b.count - a.count || compare(a.name.toLowerCase(), b.name.toLowerCase()));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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
