import { type Expression, expressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Cursor } from './cursor.js';
import type { SearchTerms } from './search-text.js';

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

/** Filters, cursor, order and limit over the groups table. */
export function feedQuery(db: Kysely<Database>, filter: GroupFilter) {
  return db
    .selectFrom('groups')
    .select(GROUP_COLUMNS)
    .where(filterCondition(filter))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit);
}

/** The WHERE of a list: its filters and the position after the cursor. */
export function filterCondition(filter: GroupFilter): Expression<SqlBool> {
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

/** SQLite: every token begins a token of the search column (which opens with a space). */
export function everyToken(tokens: string[]): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'groups'>();
  return eb.and(tokens.map((token) => sql<SqlBool>`instr(search_text, ${` ${token}`}) > 0`));
}
