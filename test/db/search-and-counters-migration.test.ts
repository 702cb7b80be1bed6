import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { type Kysely, Migrator, sql } from 'kysely';
import { createDatabase, dialectOf } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';
import type { UsersTable } from '../../src/db/tables/accounts.js';
import { listGroups } from '../../src/directory/groups/groups-repository.js';
import { searchIndexIsIntact } from '../../src/directory/groups/search-index-repository.js';
import { searchTerms } from '../../src/directory/groups/search-text.js';
import { adminStats, publicStats } from '../../src/directory/stats/stats-repository.js';
import { createTestResources } from '../helpers/test-app.js';

test('a database from before the search index and the counters is brought up to them by the migrations', async () => {
  const resources = await createTestResources();
  const { db } = createDatabase({
    databaseUrl: resources.databaseUrl,
    sqlitePath: `${resources.dataDir}/kizuna.sqlite`,
  });
  after(async () => {
    await db.destroy();
    await resources.release();
  });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const before = await migrator.migrateTo('005-downloads');
  assert.equal(before.error, undefined);

  // As the service wrote them then: the search column held the words themselves.
  // The users table as it was then, before usernames had a skeleton (migration 009).
  const then = db as unknown as Kysely<{ users: Omit<UsersTable, 'username_skeleton'> }>;
  const user = await then
    .insertInto('users')
    .values({
      username: 'old',
      username_key: 'old',
      email: 'old@example.org',
      email_key: 'old@example.org',
      password_hash: 'x',
      role: 'admin',
      is_verified: 1,
      created_at: '2025-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const group = (n: number, title: string, words: string, verified: number, likes: number) => ({
    title,
    platform: n % 2 ? 'Telegram' : 'telegram',
    platform_key: 'telegram',
    category: 'Food',
    category_key: 'food',
    invite_link: `https://t.me/old${n}`,
    description: 'Old.',
    tags: '[]',
    search_text: ` ${words} old `,
    likes,
    is_verified: verified,
    submitted_by: user.id,
    created_at: `2025-01-0${n}T00:00:00.000Z`,
    verified_at: null,
  });
  await db
    .insertInto('groups')
    .values([
      group(1, 'Øl og mad', 'øl og mad', 1, 2),
      group(2, 'Λόγος', 'λογος', 1, 0),
      group(3, 'Plain', 'plain', 0, 1),
    ])
    .execute();

  const latest = await migrator.migrateToLatest();
  assert.equal(latest.error, undefined);
  // Every later migration after 005, these two first (later ones are not this test's concern).
  assert.deepEqual(latest.results?.map((r) => r.migrationName).slice(0, 2), [
    '006-search-index',
    '007-stat-counters',
  ]);
  assert.deepEqual(
    latest.results?.map((r) => r.migrationName),
    Object.keys(migrations).filter((name) => name > '005-downloads'),
  );

  const search = async (text: string) => {
    const terms = searchTerms(text);
    assert.ok(terms.ok);
    return (await listGroups(db, { verified: true, search: terms.terms, limit: 10 })).map((row) => row.title);
  };
  assert.deepEqual(await search('øl'), ['Øl og mad']);
  assert.deepEqual(await search('λόγος'), ['Λόγος']);
  assert.deepEqual(await search('ø'), ['Øl og mad']);
  assert.deepEqual(await search('old'), ['Λόγος', 'Øl og mad']);
  assert.equal(await searchIndexIsIntact(db), true);

  assert.deepEqual(await publicStats(db), {
    members: 1,
    groups_total: 3,
    groups_verified: 2,
    total_likes: 3,
    platforms: ['Telegram'],
  });
  const admin = await adminStats(db);
  assert.deepEqual(admin.platforms, [{ name: 'Telegram', count: 3 }]);
  assert.deepEqual(admin.users, {
    total: 1,
    byRole: { admin: 1, user: 0 },
    byStatus: { verified: 1, unverified: 0 },
  });

  // And back down, and up again: the migrations undo what they did.
  assert.equal((await migrator.migrateTo('005-downloads')).error, undefined);
  assert.equal((await migrator.migrateToLatest()).error, undefined);
  assert.deepEqual(await search('øl'), ['Øl og mad']);
  if (dialectOf(db) === 'postgres') {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_indexes where indexname = 'groups_search'`.execute(db);
    assert.equal(rows[0].n, 1);
    // The planner keeps ten times the usual most common words of the search column (010).
    const stats = await sql<{ target: number }>`select attstattarget as target from pg_attribute
      where attrelid = 'groups'::regclass and attname = 'search_vector'`.execute(db);
    assert.equal(Number(stats.rows[0].target), 1000);
  }
});
