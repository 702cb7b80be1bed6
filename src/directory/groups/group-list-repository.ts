import { type Kysely, sql } from 'kysely';
import { type Database, dialectOf } from '../../db/database.js';
import {
  everyToken,
  feedQuery,
  filterCondition,
  GROUP_COLUMNS,
  type GroupFilter,
} from './group-feed-query.js';
import type { GroupRow } from './group-json.js';
import { relevanceScore, type SearchTerms } from './search-text.js';
import { type SearchPlan, searchSqlite, searchSqliteByLikes } from './sqlite-search-repository.js';

export { GROUP_COLUMNS, type GroupFilter } from './group-feed-query.js';

/**
 * Newest first (created_at, then id, both descending), so keyset pagination never skips a row.
 * Every filter has an index that hands out rows in this order (migrations 002 and 006), and the
 * cursor is one row-value comparison that both planners turn into a range of that index.
 */
export async function listGroups(
  db: Kysely<Database>,
  filter: GroupFilter,
  options: SearchOptions = {},
): Promise<GroupRow[]> {
  const planned = await withTagPlan(db, filter);
  const tokens = planned.search?.tokens ?? [];
  if (tokens.length === 0) return feedQuery(db, planned).execute();
  return dialectOf(db) === 'postgres'
    ? feedQuery(db, planned).where(matchesAll(tokens)).execute()
    : searchSqlite(db, planned, tokens, options.plan);
}

/**
 * Most liked first (likes, then newest first): the index (is_verified, likes, created_at, id)
 * walked with the other filters checked on each row. With search words, SQLite gathers the
 * groups of a rare word and sorts them, and walks the index for common ones
 * (sqlite-search-repository.ts); PostgreSQL's planner chooses between its indexes itself.
 */
export async function listGroupsByLikes(db: Kysely<Database>, filter: GroupFilter): Promise<GroupRow[]> {
  const planned = await withTagPlan(db, filter);
  const tokens = planned.search?.tokens ?? [];
  if (tokens.length === 0) return feedQuery(db, planned, 'likes').execute();
  return dialectOf(db) === 'postgres'
    ? feedQuery(db, planned, 'likes').where(matchesAll(tokens)).execute()
    : searchSqliteByLikes(db, planned, tokens);
}

/** A row of a trending list with its likes in the window (0 for the groups after the trending ones). */
export interface TrendingRow {
  row: GroupRow;
  trend: number;
}

/**
 * Trending: the groups liked since `since`, most likes in that window first (then newest first),
 * followed by all the others newest first, so that every group of the list has its place. The
 * first part counts the window's likes (an index range of group_likes by time: as many rows as
 * likes were given in the window, however many groups there are) and sorts the groups that got
 * them; the second walks the newest-first list leaving those groups out.
 */
export async function listTrending(
  db: Kysely<Database>,
  filter: GroupFilter,
  since: string,
): Promise<TrendingRow[]> {
  const after = filter.after;
  const rows: TrendingRow[] = [];
  if (!after || (after.trend ?? 0) > 0) {
    const found = await trendingPart(db, filter, since);
    for (const { trend, ...row } of found) rows.push({ row, trend: Number(trend) });
  }
  if (rows.length < filter.limit) {
    const tailAfter = after?.trend === 0 ? { createdAt: after.createdAt, id: after.id } : undefined;
    const tail = await listGroups(db, {
      ...filter,
      after: tailAfter,
      notLikedSince: since,
      limit: filter.limit - rows.length,
    });
    for (const row of tail) rows.push({ row, trend: 0 });
  }
  return rows;
}

/**
 * The first part of a trending list: the window's likes per group, the groups that pass the
 * filters, after the cursor, by likes in the window. PostgreSQL fetches each such group by id in
 * a LATERAL subquery that OFFSET 0 keeps apart, so its planner never trades the few lookups for
 * a read of all groups; SQLite joins by the primary key as it is.
 */
async function trendingPart(
  db: Kysely<Database>,
  filter: GroupFilter,
  since: string,
): Promise<Array<GroupRow & { trend: number }>> {
  const after = filter.after;
  const tokens = filter.search?.tokens ?? [];
  const postgres = dialectOf(db) === 'postgres';
  const where = filterCondition({
    ...filter,
    after: undefined,
    tagPlan: postgres ? 'check-fenced' : 'check',
  });
  const window = db
    .selectFrom('group_likes')
    .select((eb) => ['group_likes.group_id', eb.fn.countAll<number>().as('trend')])
    .where('group_likes.created_at', '>=', since)
    .groupBy('group_likes.group_id')
    .as('t');
  const position = (trend: string, createdAt: string, id: string) =>
    sql<boolean>`(${sql.ref(trend)}, ${sql.ref(createdAt)}, ${sql.ref(id)}) < (${after?.trend ?? 0}, ${after?.createdAt ?? ''}, ${after?.id ?? 0})`;
  if (!postgres) {
    return db
      .selectFrom(window)
      .innerJoin('groups', 'groups.id', 't.group_id')
      .select([...GROUP_COLUMNS.map((column) => `groups.${column}` as const), 't.trend'])
      .where(where)
      .$if(tokens.length > 0, (query) => query.where(everyToken(tokens)))
      .$if(after !== undefined, (query) => query.where(position('t.trend', 'groups.created_at', 'groups.id')))
      .orderBy('t.trend', 'desc')
      .orderBy('groups.created_at', 'desc')
      .orderBy('groups.id', 'desc')
      .limit(filter.limit)
      .execute();
  }
  return db
    .selectFrom(window)
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('groups')
          .select(GROUP_COLUMNS)
          .whereRef('groups.id', '=', 't.group_id')
          .where(where)
          .$if(tokens.length > 0, (query) => query.where(matchesAll(tokens)))
          .offset(0)
          .as('g'),
      (join) => join.onTrue(),
    )
    .select([...GROUP_COLUMNS.map((column) => `g.${column}` as const), 't.trend'])
    .$if(after !== undefined, (query) => query.where(position('t.trend', 'g.created_at', 'g.id')))
    .orderBy('t.trend', 'desc')
    .orderBy('g.created_at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(filter.limit)
    .execute();
}

/** PostgreSQL: the search vector holds every token as a prefix of one of its lexemes. */
function matchesAll(tokens: string[]) {
  return sql<boolean>`search_vector @@ ${tsquery(tokens)}::tsquery`;
}

/** A tag held by fewer public groups than this is gathered and sorted rather than looked for (SQLite). */
const TAG_GATHER_LIMIT = 2000;

/**
 * How a tag filter reads (GroupFilter.tagPlan): a rare tag's groups are gathered first, a common
 * tag is checked row by row as the list's index is walked, told apart by the public count of the
 * tag (tag_counts). With search words, the words lead and the tag is checked.
 */
async function withTagPlan(db: Kysely<Database>, filter: GroupFilter): Promise<GroupFilter> {
  if (filter.tag === undefined || filter.tagPlan !== undefined) return filter;
  const check = dialectOf(db) === 'postgres' ? 'check-fenced' : 'check';
  if ((filter.search?.tokens.length ?? 0) > 0) return { ...filter, tagPlan: check };
  const row = await db
    .selectFrom('tag_counts')
    .select('count')
    .where('tag', '=', filter.tag)
    .executeTakeFirst();
  return { ...filter, tagPlan: Number(row?.count ?? 0) < TAG_GATHER_LIMIT ? 'gather' : check };
}

export interface SearchOptions {
  /** SQLite: which plan a search takes (sqlite-search-repository.ts); tests force each one. */
  plan?: SearchPlan;
}

/**
 * PostgreSQL: every token a prefix (`:*`) of a lexeme of the tsvector column, all of them (`&`).
 * Tokens hold only letters, digits and `~` (src/db/search-column.ts); quoting them anyway keeps
 * the text a list of literal lexemes whatever they hold.
 */
function tsquery(tokens: string[]): string {
  return tokens.map((token) => `'${token.replace(/['\\]/g, '\\$&')}':*`).join(' & ');
}

/** A relevance-ordered row: the group and its score (search-text.ts relevanceScore). */
export interface ScoredRow {
  row: GroupRow;
  score: number;
}

/**
 * How many of the newest matches sort=relevance ranks. Ranking needs every candidate scored, so
 * it is bounded here rather than by the number of matches, which is a million for a common word.
 */
export const RELEVANCE_WINDOW = 500;

/**
 * A page by relevance: the RELEVANCE_WINDOW newest matches, ranked by score, then newest first;
 * after the cursor's position in that order.
 */
export async function listGroupsByRelevance(
  db: Kysely<Database>,
  filter: GroupFilter & { search: SearchTerms },
): Promise<ScoredRow[]> {
  const window = await listGroups(db, { ...filter, after: undefined, limit: RELEVANCE_WINDOW });
  const scored = window.map((row) => ({
    row,
    score: relevanceScore(
      { title: row.title, description: row.description, tags: JSON.parse(row.tags) as string[] },
      filter.search.words,
    ),
  }));
  scored.sort(byRelevance);
  const after = filter.after;
  const position = after && { score: after.score ?? 0, row: { created_at: after.createdAt, id: after.id } };
  const start = position ? scored.findIndex((item) => byRelevance(item, position) > 0) : 0;
  return start < 0 ? [] : scored.slice(start, start + filter.limit);
}

type Ranked = { score: number; row: { created_at: string; id: number } };

/** Score descending, then newest first: the order of a list by relevance. */
function byRelevance(a: Ranked, b: Ranked): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.row.created_at !== b.row.created_at) return a.row.created_at < b.row.created_at ? 1 : -1;
  return b.row.id - a.row.id;
}
