import { type Expression, expressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { type Database, dialectOf } from '../../db/database.js';
import type { Cursor } from './cursor.js';
import type { GroupRow } from './group-json.js';
import { relevanceScore, type SearchTerms } from './search-text.js';

export const GROUP_COLUMNS = [
  'id',
  'title',
  'platform',
  'platform_key',
  'category',
  'category_key',
  'invite_link',
  'description',
  'tags',
  'logo_file',
  'external_image_url',
  'likes',
  'is_verified',
  'submitted_by',
  'created_at',
  'verified_at',
] as const;

export interface GroupFilter {
  verified?: boolean;
  platformKey?: string;
  categoryKey?: string;
  /** Search terms (search-text.ts): every word must begin a word of the group. */
  search?: SearchTerms;
  submittedBy?: number;
  /** Start after this position. */
  after?: Cursor;
  limit: number;
}

/**
 * Newest first (created_at, then id, both descending), so keyset pagination never skips a row.
 * Every filter has an index that hands out rows in this order (migrations 002 and 006), and the
 * cursor is one row-value comparison that both planners turn into a range of that index.
 */
export function listGroups(
  db: Kysely<Database>,
  filter: GroupFilter,
  options: SearchOptions = {},
): Promise<GroupRow[]> {
  const tokens = filter.search?.tokens ?? [];
  if (tokens.length === 0) return feedQuery(db, filter).execute();
  return dialectOf(db) === 'postgres'
    ? feedQuery(db, filter)
        .where(sql<boolean>`search_vector @@ ${tsquery(tokens)}::tsquery`)
        .execute()
    : searchSqlite(db, filter, tokens, options.probeLimit ?? SEARCH_PROBE_LIMIT);
}

export interface SearchOptions {
  /** SQLite: where the search plans part (SEARCH_PROBE_LIMIT); tests set it to reach both plans. */
  probeLimit?: number;
}

/** Filters, cursor, order and limit over the groups table. */
function feedQuery(db: Kysely<Database>, filter: GroupFilter) {
  return db
    .selectFrom('groups')
    .select(GROUP_COLUMNS)
    .where(filterCondition(filter))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit);
}

/** The WHERE of a list: its filters and the position after the cursor. */
function filterCondition(filter: GroupFilter): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'groups'>();
  const conditions: Expression<SqlBool>[] = [];
  if (filter.verified !== undefined) conditions.push(eb('is_verified', '=', filter.verified ? 1 : 0));
  if (filter.platformKey !== undefined) conditions.push(eb('platform_key', '=', filter.platformKey));
  if (filter.categoryKey !== undefined) conditions.push(eb('category_key', '=', filter.categoryKey));
  if (filter.submittedBy !== undefined) conditions.push(eb('submitted_by', '=', filter.submittedBy));
  const after = filter.after;
  if (after) conditions.push(eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
  return eb.and(conditions);
}

/**
 * PostgreSQL: every token a prefix (`:*`) of a lexeme of the tsvector column, all of them (`&`).
 * Tokens hold only letters, digits and `~` (src/db/search-column.ts); quoting them anyway keeps
 * the text a list of literal lexemes whatever they hold.
 */
function tsquery(tokens: string[]): string {
  return tokens.map((token) => `'${token.replace(/['\\]/g, '\\$&')}':*`).join(' & ');
}

/** FTS5: a phrase of one quoted token, as a prefix. Tokens hold no double quote; doubled anyway. */
const ftsPrefix = (token: string) => `"${token.replace(/"/g, '""')}"*`;

/** The prefix lengths the FTS5 table indexes (migration 006); a longer prefix is read from terms. */
export const FTS_PREFIX_LENGTHS = [1, 2, 3, 4, 5, 6, 8];

/**
 * Up to this many matches of a word, a search reads them all from the full-text index and sorts
 * them; beyond, it walks the newest-first index and checks each row instead, where it meets a
 * match at least every few rows. The cost of either side is bounded by about this many rows.
 */
export const SEARCH_PROBE_LIMIT = 4000;

/**
 * SQLite: newest first among the matches, in one of two plans, chosen per request by counting
 * matches of each word in the full-text index, at most SEARCH_PROBE_LIMIT (the count reads the
 * prefix index lazily; it costs well under a millisecond):
 *
 * - a word with fewer matches: read its matches from the FTS5 table (all of them, and so few),
 *   look each row up, keep those that pass the filters and the other words, sort;
 * - every word common: walk the newest-first index of the filters, as without a search, and keep
 *   the rows whose search column holds every token as the start of a token (instr).
 *
 * Both give exactly the rows that the words select; FTS5 sorts nothing by date, so neither plan
 * alone is bounded for every word (see docs/groups.md, "Search at scale").
 */
async function searchSqlite(
  db: Kysely<Database>,
  filter: GroupFilter,
  tokens: string[],
  probeLimit: number,
): Promise<GroupRow[]> {
  let rarest = { token: tokens[0], matches: Number.POSITIVE_INFINITY };
  for (const token of tokens) {
    const matches = probeLimit > 0 ? await countUpTo(db, token, probeLimit) : 0;
    if (matches < rarest.matches) rarest = { token, matches };
  }
  const everyToken = tokens.map((token) => sql<SqlBool>`instr(search_text, ${` ${token}`}) > 0`);
  if (rarest.matches >= probeLimit) {
    return feedQuery(db, filter)
      .where((eb) => eb.and(everyToken))
      .execute();
  }
  // CROSS JOIN keeps SQLite's planner to this order: the few matches first, then their rows.
  const matches = sql<{ match_id: number }>`(select rowid as match_id from groups_fts
    where groups_fts match ${ftsPrefix(rarest.token)})`;
  return db
    .selectFrom(matches.as('matches'))
    .crossJoin('groups')
    .select(GROUP_COLUMNS)
    .whereRef('groups.id', '=', 'matches.match_id')
    .where(filterCondition(filter))
    .where((eb) => eb.and(everyToken))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .execute();
}

/**
 * How many groups have a word beginning with the token, counted up to `limit`: exact when the
 * token's length is one of FTS_PREFIX_LENGTHS, otherwise the count of its longest indexed prefix,
 * never less than the token's own. Either way, below `limit` the token's own matches are no more.
 */
async function countUpTo(db: Kysely<Database>, token: string, limit: number): Promise<number> {
  const length = Math.max(...FTS_PREFIX_LENGTHS.filter((n) => n <= token.length));
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from groups_fts
    where groups_fts match ${ftsPrefix(token.slice(0, length))} limit ${limit})`.execute(db);
  return Number(rows[0]?.n ?? 0);
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
