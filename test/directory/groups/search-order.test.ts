import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { dialectOf } from '../../../src/db/database.js';
import { FILL_BLOCKS } from '../../../src/db/migrations/006-search-index.js';
import type { Cursor } from '../../../src/directory/groups/cursor.js';
import { listGroups } from '../../../src/directory/groups/group-list-repository.js';
import { searchTerms } from '../../../src/directory/groups/search-text.js';
import type { SearchPlan } from '../../../src/directory/groups/sqlite-search-repository.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { seedGroup } from './group-fixtures.js';

/**
 * The full-text index hands out groups by id; the list is by creation time. Over several blocks
 * of ids (256 each), with groups written out of creation order now and then, every page of every
 * plan must still be exactly the newest-first order.
 */
let app: FastifyInstance;
const GROUPS = 700;

before(async () => {
  app = await buildTestApp();
  const base = Date.UTC(2026, 0, 1);
  for (let n = 0; n < GROUPS; n++) {
    let minutes = n;
    if (n % 50 === 3) minutes = n - 400; // written late: older than hundreds before it
    if (n % 70 === 5) minutes = n + 300; // dated ahead of hundreds after it
    await seedGroup(app, {
      title: `Order ${n} common ${n % 37 === 0 ? 'medium' : ''} ${n % 233 === 0 ? 'scarce' : ''}`,
      verified: n % 9 !== 0,
      platform: n % 3 === 0 ? 'Discord' : 'Telegram',
      inviteLink: n % 3 === 0 ? `https://discord.gg/o${n}` : `https://t.me/o${n}`,
      createdAt: new Date(base + minutes * 60_000).toISOString(),
    });
  }
  // And one old group made the newest of all afterwards.
  await app.db
    .updateTable('groups')
    .set({ created_at: new Date(base + 10_000 * 60_000).toISOString() })
    .where('id', '=', 20)
    .execute();
});

async function expected(word: string, platformKey?: string): Promise<number[]> {
  let query = app.db
    .selectFrom('groups')
    .select('id')
    .where('is_verified', '=', 1)
    .where('search_text', 'like', `% ${word}%`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (platformKey) query = query.where('platform_key', '=', platformKey);
  return (await query.execute()).map((row) => row.id);
}

async function paged(word: string, limit: number, plan: SearchPlan, platformKey?: string): Promise<number[]> {
  const terms = searchTerms(word);
  assert.ok(terms.ok);
  const ids: number[] = [];
  let after: Cursor | undefined;
  for (;;) {
    const page = await listGroups(
      app.db,
      { verified: true, platformKey, search: terms.terms, after, limit },
      { plan },
    );
    ids.push(...page.map((row) => row.id));
    if (page.length < limit) return ids;
    const last = page[page.length - 1];
    after = { createdAt: last.created_at, id: last.id };
  }
}

test('every page of every plan is newest first across blocks of ids written out of order', async () => {
  for (const word of ['common', 'medium', 'scarce', 'order']) {
    for (const plan of ['auto', 'index', 'walk'] as const) {
      for (const limit of [1, 7, 51]) {
        assert.deepEqual(await paged(word, limit, plan), await expected(word), `${word}, ${plan}, ${limit}`);
      }
      assert.deepEqual(
        await paged(word, 13, plan, 'discord'),
        await expected(word, 'discord'),
        `${word}, ${plan}, discord`,
      );
    }
  }
});

test('the bounds per block of ids are what the groups say', async (t) => {
  if (dialectOf(app.db) === 'postgres') {
    t.skip('SQLite only: PostgreSQL sorts its matches itself');
    return;
  }
  const kept = await sql`select * from groups_feed_blocks order by block`.execute(app.db);
  await sql`create temp table fresh_blocks as select * from groups_feed_blocks where 0`.execute(app.db);
  await sql
    .raw(FILL_BLOCKS.replace('insert into groups_feed_blocks', 'insert into fresh_blocks'))
    .execute(app.db);
  const fresh = await sql`select * from fresh_blocks order by block`.execute(app.db);
  assert.equal(kept.rows.length, 3);
  assert.deepEqual(kept.rows, fresh.rows);
});
