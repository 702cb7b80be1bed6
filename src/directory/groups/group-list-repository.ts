import { type Kysely, sql } from 'kysely';
import { type Database, dialectOf } from '../../db/database.js';
import { feedQuery, type GroupFilter } from './group-feed-query.js';
import type { GroupRow } from './group-json.js';
import { relevanceScore, type SearchTerms } from './search-text.js';
import { type SearchPlan, searchSqlite } from './sqlite-search-repository.js';

export { GROUP_COLUMNS, type GroupFilter } from './group-feed-query.js';

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
    : searchSqlite(db, filter, tokens, options.plan);
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
