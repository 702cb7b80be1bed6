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
  'rejection_reason',
  'submitted_by',
  'created_at',
  'verified_at',
] as const;

export interface GroupFilter {
  /** true: public groups only (is_verified = 1); false: pending ones only. */
  verified?: boolean;
  /** Only groups in one of these review states (group-state.ts). */
  states?: readonly number[];
  platformKey?: string;
  categoryKey?: string;
  /** Search terms (search-text.ts): every word must begin a word of the group. */
  search?: SearchTerms;
  submittedBy?: number;
  /** Only groups with this tag (normalised as tags are stored). */
  tag?: string;
  /**
   * How the tag filter reads: `check` looks each row's tag up as the list's index is walked (a
   * common tag fills a page soon); `gather` takes the tag's groups first and sorts them (a rare
   * tag, whose groups a walk would have to look for through the whole index). `check-fenced` is
   * `check` for PostgreSQL, whose planner would otherwise turn the lookup into a join that reads
   * every group of the tag (OFFSET 0 keeps the subquery to itself).
   */
  tagPlan?: 'check' | 'check-fenced' | 'gather';
  /** Only groups that no like since this time (ISO) is left of: the tail of a trending list. */
  notLikedSince?: string;
  /** Start after this position. */
  after?: Cursor;
  limit: number;
}

/**
 * Orders a feed walks an index in: newest first (created_at, id descending), or most liked first
 * (likes, then newest first), each with an index per filter or one the filters check row by row.
 */
export type FeedOrder = 'newest' | 'likes';

/** Filters, cursor, order and limit over the groups table. */
export function feedQuery(db: Kysely<Database>, filter: GroupFilter, order: FeedOrder = 'newest') {
  return db
    .selectFrom('groups')
    .select(GROUP_COLUMNS)
    .where(filterCondition(filter, order))
    .$if(order === 'likes', (query) => query.orderBy('likes', 'desc'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit);
}

/** The WHERE of a list: its filters and the position after the cursor in the list's order. */
export function filterCondition(filter: GroupFilter, order: FeedOrder = 'newest'): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'groups'>();
  const conditions: Expression<SqlBool>[] = [];
  if (filter.verified !== undefined) conditions.push(eb('is_verified', '=', filter.verified ? 1 : 0));
  if (filter.states !== undefined) {
    conditions.push(
      filter.states.length === 1
        ? eb('is_verified', '=', filter.states[0])
        : eb('is_verified', 'in', [...filter.states]),
    );
  }
  if (filter.platformKey !== undefined) conditions.push(eb('platform_key', '=', filter.platformKey));
  if (filter.categoryKey !== undefined) conditions.push(eb('category_key', '=', filter.categoryKey));
  if (filter.submittedBy !== undefined) conditions.push(eb('submitted_by', '=', filter.submittedBy));
  if (filter.tag !== undefined) {
    const tag = filter.tag;
    conditions.push(
      filter.tagPlan === 'gather'
        ? eb(
            'groups.id',
            'in',
            eb.selectFrom('group_tags').select('group_tags.group_id').where('group_tags.tag', '=', tag),
          )
        : eb.exists(
            eb
              .selectFrom('group_tags')
              .select('group_tags.group_id')
              .where('group_tags.tag', '=', tag)
              .whereRef('group_tags.group_id', '=', 'groups.id')
              .$if(filter.tagPlan === 'check-fenced', (query) => query.offset(0)),
          ),
    );
  }
  if (filter.notLikedSince !== undefined) {
    conditions.push(
      eb(
        'groups.id',
        'not in',
        eb
          .selectFrom('group_likes')
          .select('group_likes.group_id')
          .where('group_likes.created_at', '>=', filter.notLikedSince),
      ),
    );
  }
  const after = filter.after;
  if (after && order === 'likes') {
    conditions.push(
      eb(
        eb.refTuple('likes', 'created_at', 'id'),
        '<',
        eb.tuple(after.likes ?? 0, after.createdAt, after.id),
      ),
    );
  } else if (after) {
    conditions.push(eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
  }
  return eb.and(conditions);
}

/** SQLite: every token begins a token of the search column (which opens with a space). */
export function everyToken(tokens: string[]): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'groups'>();
  return eb.and(tokens.map((token) => sql<SqlBool>`instr(search_text, ${` ${token}`}) > 0`));
}
