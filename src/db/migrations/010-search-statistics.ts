import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * PostgreSQL picks, per search, between the GIN index (then sorts the matches) and walking the
 * newest-first index until a page is full, by its estimate of how many groups a word matches.
 * A word missing from the column's most common elements is estimated from the rarest of them;
 * with the default 1,000 of them that is a few thousand groups at a million, so a rare or
 * missing word looked worth walking for — and the walk read all million (1.5 s, measured in
 * docs/benchmarks.md). Ten times the elements bring that estimate down to what it is.
 * SQLite chooses its plan itself (src/directory/groups/sqlite-search-repository.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table groups alter column search_vector set statistics 1000`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table groups alter column search_vector set statistics -1`.execute(db);
}
