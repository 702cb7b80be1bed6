import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Cursor } from './cursor.js';
import {
  everyToken,
  feedQuery,
  filterCondition,
  GROUP_COLUMNS,
  type GroupFilter,
} from './group-feed-query.js';
import type { GroupRow } from './group-json.js';

/**
 * SQLite search: the newest matches of every word, with the filters, after the cursor.
 *
 * FTS5 hands out the groups of a word in id order, lazily, never by date. Ids grow with creation
 * time nearly everywhere, so the index is read from the highest id down, a slice at a time, and
 * each slice's rows checked (filters, cursor, every word); reading stops once the page is full
 * and no group with a lower id can be newer than its last row, which groups_feed_blocks (the
 * newest and oldest created_at per 256 ids, kept by triggers, migration 006) answers. Data
 * written out of order (imports, seeds) only makes it read further; the answer is exact. The
 * word read is the rarest by a count of the prefix index, and it is read through its longest
 * prefix the FTS5 table indexes (1–6 or 8 characters), which FTS5 reads lazily, where a longer
 * prefix would make it gather every group of every word with that prefix first.
 *
 * With a platform or category filter and only common words, walking that filter's newest-first
 * index and checking each row's words meets a page sooner; the choice is made from the counts
 * the statistics keep and the prefix index's count, both cheap. Both plans give the same rows.
 */
export async function searchSqlite(
  db: Kysely<Database>,
  filter: GroupFilter,
  tokens: string[],
  plan: SearchPlan = 'auto',
): Promise<GroupRow[]> {
  let driver = { token: tokens[0], matches: Number.POSITIVE_INFINITY };
  const filtered = filter.platformKey !== undefined || filter.categoryKey !== undefined;
  if (tokens.length > 1 || (filtered && plan === 'auto')) {
    for (const token of tokens) {
      const matches = await countUpTo(db, token, PROBE_LIMIT);
      if (matches < driver.matches) driver = { token, matches };
    }
  }
  if (plan === 'walk' || (plan === 'auto' && filtered && (await walkIsCheaper(db, filter, driver.matches)))) {
    return feedQuery(db, filter).where(everyToken(tokens)).execute();
  }
  return readIndex(db, filter, tokens, driver.token);
}

/**
 * SQLite search most liked first: the groups of the rarest word gathered from the index and
 * sorted when it has fewer than PROBE_LIMIT of them, otherwise the likes index walked with every
 * word checked on each row (a common word fills a page soon).
 */
export async function searchSqliteByLikes(
  db: Kysely<Database>,
  filter: GroupFilter,
  tokens: string[],
): Promise<GroupRow[]> {
  let driver = { token: tokens[0], matches: Number.POSITIVE_INFINITY };
  for (const token of tokens) {
    const matches = await countUpTo(db, token, PROBE_LIMIT);
    if (matches < driver.matches) driver = { token, matches };
  }
  const query = feedQuery(db, filter, 'likes').where(everyToken(tokens));
  if (driver.matches >= PROBE_LIMIT) return query.execute();
  const match = ftsPrefix(indexedPrefix(driver.token));
  return query
    .where('groups.id', 'in', sql<number>`(select rowid from groups_fts where groups_fts match ${match})`)
    .execute();
}

/** `auto` picks per request; tests force either plan to see that both answer the same. */
export type SearchPlan = 'auto' | 'index' | 'walk';

/** The prefix lengths the FTS5 table indexes (migration 006); longer ones are gathered from terms. */
export const FTS_PREFIX_LENGTHS = [1, 2, 3, 4, 5, 6, 8];

/** Counting a word's groups stops here: enough to tell a common word from a rare one. */
const PROBE_LIMIT = 2000;

/** FTS5: a phrase of one quoted token, as a prefix. Tokens hold no double quote; doubled anyway. */
const ftsPrefix = (token: string) => `"${token.replace(/"/g, '""')}"*`;

/** The longest start of the token that the FTS5 table has a prefix index for. */
function indexedPrefix(token: string): string {
  return token.slice(0, Math.max(...FTS_PREFIX_LENGTHS.filter((n) => n <= token.length)));
}

/** How many groups have a word beginning with the token's indexed prefix, counted up to `limit`. */
async function countUpTo(db: Kysely<Database>, token: string, limit: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from groups_fts
    where groups_fts match ${ftsPrefix(indexedPrefix(token))} limit ${limit})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Rows each plan reads for a page, estimated: reading the word's groups costs about a page's worth
 * divided by the share of groups that pass the filters (or all the word's groups, if fewer);
 * walking the filter's index costs about a page divided by the word's share (or the whole filter,
 * if smaller). A word counted at the probe's limit is taken as that common, which only flatters
 * the walk where the word is rarer still.
 */
async function walkIsCheaper(
  db: Kysely<Database>,
  filter: GroupFilter,
  wordMatches: number,
): Promise<boolean> {
  const counts = await db
    .selectFrom('stat_counters')
    .select(['metric', 'key', 'count'])
    .where('verified', '=', 1)
    .where((eb) =>
      eb.or([
        eb('metric', '=', 'groups'),
        eb.and([eb('metric', '=', 'platform'), eb('key', '=', filter.platformKey ?? '')]),
        eb.and([eb('metric', '=', 'category'), eb('key', '=', filter.categoryKey ?? '')]),
      ]),
    )
    .execute();
  const sum = (metric: string) =>
    counts.filter((row) => row.metric === metric).reduce((total, row) => total + Number(row.count), 0);
  const total = Math.max(sum('groups'), 1);
  const passing = Math.min(
    filter.platformKey === undefined ? total : sum('platform'),
    filter.categoryKey === undefined ? total : sum('category'),
  );
  const page = filter.limit;
  const readWord = Math.min(
    wordMatches < PROBE_LIMIT ? wordMatches : Number.POSITIVE_INFINITY,
    (page * total) / Math.max(passing, 1),
  );
  const walk = Math.min(passing, (page * total) / Math.max(wordMatches, 1));
  return walk < readWord;
}

/** Ids per block of groups_feed_blocks (migration 006). */
const BLOCK_SIZE = 256;

/** The full-text plan (see searchSqlite). */
async function readIndex(
  db: Kysely<Database>,
  filter: GroupFilter,
  tokens: string[],
  driver: string,
): Promise<GroupRow[]> {
  const match = ftsPrefix(indexedPrefix(driver));
  const page = filter.limit;
  let below = filter.after ? await firstIdAfter(db, filter.after) : null;
  let found: GroupRow[] = [];
  // A page and a quarter: most groups pass the filters, so one slice usually fills the page.
  let slice = page + Math.ceil(page / 4) + 4;
  for (;;) {
    if (below !== null && below <= 1) break;
    const { rows: ids } = await sql<{ id: number }>`select rowid as id from groups_fts
      where groups_fts match ${match} ${below === null ? sql`` : sql`and rowid < ${below}`}
      order by rowid desc limit ${slice}`.execute(db);
    if (ids.length === 0) break;
    // The slice's rows by id, in that order (CROSS JOIN keeps SQLite's planner to it): a list of a
    // few thousand ids in one JSON parameter rather than as many parameters.
    const sliceIds = sql<{ match_id: number }>`(select value as match_id from json_each(${JSON.stringify(
      ids.map((row) => row.id),
    )}))`;
    const rows = await db
      .selectFrom(sliceIds.as('m'))
      .crossJoin('groups')
      .select(GROUP_COLUMNS)
      .whereRef('groups.id', '=', 'm.match_id')
      .where(filterCondition(filter))
      .where(everyToken(tokens))
      .execute();
    found = [...found, ...rows].sort(newestFirst).slice(0, page);
    below = ids[ids.length - 1].id;
    if (ids.length < slice) break;
    if (found.length === page) {
      const newestBelow = await newestCreatedAtBelow(db, below, found[page - 1].created_at);
      if (newestBelow === null || newestBelow <= found[page - 1].created_at) break;
    }
    slice = Math.min(slice * 4, 8192);
  }
  return found;
}

function newestFirst(a: GroupRow, b: GroupRow): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return b.id - a.id;
}

/**
 * The newest created_at of any group with an id below `id`: of the blocks below its own, from
 * their newest_so_far; of its own block, from the few groups (fewer than 256) below `id` in it.
 */
async function newestCreatedAtBelow(db: Kysely<Database>, id: number, than: string): Promise<string | null> {
  const block = Math.floor((id - 1) / BLOCK_SIZE);
  const { rows: blocks } = await sql<{
    newest: string;
  }>`select newest_so_far as newest from groups_feed_blocks
    where block < ${block} order by block desc limit 1`.execute(db);
  const below = blocks[0]?.newest ?? null;
  // Already newer below: no need to look at the block's own groups.
  if (below !== null && below > than) return below;
  const { rows } = await sql<{ own: string | null }>`select max(created_at) as own from groups
    where id >= ${block * BLOCK_SIZE} and id < ${id}`.execute(db);
  const own = rows[0]?.own ?? null;
  if (below === null) return own;
  return own === null || below > own ? below : own;
}

/**
 * Where reading after a cursor starts: above every id that could hold a group older than the
 * cursor, i.e. past the highest block whose oldest group is not newer than the cursor's (found
 * from the top down; with ids in creation order, that block holds the cursor's own group).
 */
async function firstIdAfter(db: Kysely<Database>, after: Cursor): Promise<number> {
  const { rows } = await sql<{ block: number }>`select block from groups_feed_blocks
    where min_created_at <= ${after.createdAt} order by block desc limit 1`.execute(db);
  const block = rows[0]?.block;
  return block === undefined ? 0 : (Number(block) + 1) * BLOCK_SIZE;
}
