import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type CompiledQuery, DefaultQueryExecutor, type QueryResult, sql } from 'kysely';
import { dialectOf } from '../../src/db/database.js';
import { searchColumn } from '../../src/db/search-column.js';
import { encodeCursor } from '../../src/directory/groups/cursor.js';
import { seededRandom } from '../../src/lib/deterministic.js';
import { type Browser, loggedInBrowser } from '../helpers/browser.js';
import { buildTestApp } from '../helpers/test-app.js';
import { submitGroup, VALID_FIELDS } from './groups/group-fixtures.js';

/**
 * Every query the directory sends has a bounded plan: none reads all of groups, group_likes or
 * users. The queries are caught as the routes send them, with realistic parameters, over a few
 * thousand rows that the planners have statistics of (ANALYZE), and each is explained:
 * EXPLAIN QUERY PLAN on SQLite, EXPLAIN on PostgreSQL.
 */

const GROUPS = 4000;
const USERS = 2000;
const COMMON = 'friendly'; // in about half of the groups
const RARE = 'zanzibar'; // in a handful

let app: FastifyInstance;
let admin: Browser;
let member: Browser & { userId: number };
const captured: CompiledQuery[] = [];
const originalExecute = DefaultQueryExecutor.prototype.executeQuery;

before(async () => {
  app = await buildTestApp({ groupsPageCacheMs: 0 });
  admin = await loggedInBrowser(app, { role: 'admin' });
  member = await loggedInBrowser(app);
  const random = seededRandom('query-plans');
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];

  const userIds: number[] = [member.userId];
  for (let i = 0; i < USERS; i += 500) {
    const rows = Array.from({ length: Math.min(500, USERS - i) }, (_, j) => ({
      username: `seed${i + j}`,
      username_key: `seed${i + j}`,
      username_skeleton: `seed${i + j}`,
      email: `seed${i + j}@example.org`,
      email_key: `seed${i + j}@example.org`,
      password_hash: 'not a hash',
      role: 'user',
      is_verified: (i + j) % 3 === 0 ? 1 : 0,
      created_at: new Date(Date.UTC(2025, 0, 1) + (i + j) * 60_000).toISOString(),
    }));
    const inserted = await app.db.insertInto('users').values(rows).returning('id').execute();
    userIds.push(...inserted.map((row) => row.id));
  }

  // A vocabulary of a few hundred words, some much more frequent than others, as in real text.
  const syllables = ['ka', 'mi', 'to', 'ra', 'ne', 'su', 'ho', 'ri', 'an', 'el', 'ur', 'ov'];
  const words = Array.from({ length: 400 }, (_, i) =>
    [i % 12, Math.floor(i / 12) % 12, Math.floor(i / 144)].map((k) => syllables[k]).join(''),
  );
  const word = () => words[Math.floor(random() ** 3 * words.length)];
  const groupIds: number[] = [];
  for (let i = 0; i < GROUPS; i += 500) {
    const rows = Array.from({ length: Math.min(500, GROUPS - i) }, (_, j) => {
      const n = i + j;
      const text = Array.from({ length: 8 }, word);
      if (random() < 0.5) text.push(COMMON);
      if (n % 997 === 0) text.push(RARE);
      const createdAt = new Date(Date.UTC(2024, 0, 1) + n * 3_600_000).toISOString();
      return {
        title: `Group ${n} ${text[0]}`,
        platform: pick(['WhatsApp', 'Telegram', 'Discord', 'Signal']),
        platform_key: '',
        category: pick(['Anime', 'Games', 'Music', 'Study', 'Art']),
        category_key: '',
        invite_link: `https://t.me/g${n}`,
        description: text.join(' '),
        tags: JSON.stringify([text[1]]),
        search_text: searchColumn({
          title: `Group ${n} ${text[0]}`,
          description: text.join(' '),
          tags: [text[1]],
        }),
        likes: 0,
        is_verified: random() < 0.9 ? 1 : 0,
        submitted_by: n % 4 === 0 ? member.userId : pick(userIds),
        created_at: createdAt,
        verified_at: createdAt,
      };
    });
    for (const row of rows) {
      row.platform_key = row.platform.toLowerCase();
      row.category_key = row.category.toLowerCase();
    }
    const inserted = await app.db.insertInto('groups').values(rows).returning('id').execute();
    groupIds.push(...inserted.map((row) => row.id));
  }

  const likes = new Set<string>();
  for (let i = 0; i < 6000; i++) likes.add(`${pick(groupIds)}:${pick(userIds)}`);
  const likeRows = [...likes].map((pair) => {
    const [group_id, user_id] = pair.split(':').map(Number);
    return { group_id, user_id, created_at: new Date().toISOString() };
  });
  for (let i = 0; i < likeRows.length; i += 500) {
    await app.db
      .insertInto('group_likes')
      .values(likeRows.slice(i, i + 500))
      .execute();
  }
  await sql`analyze`.execute(app.db);

  DefaultQueryExecutor.prototype.executeQuery = function <R>(
    this: DefaultQueryExecutor,
    compiled: CompiledQuery,
  ) {
    captured.push(compiled);
    return originalExecute.call(this, compiled) as Promise<QueryResult<R>>;
  };
});

after(() => {
  DefaultQueryExecutor.prototype.executeQuery = originalExecute;
});

/** The path and query of the rel="next" link, or null. */
function nextLink(response: LightMyRequestResponse): string | null {
  const match = /^<([^>]+)>; rel="next"$/.exec(String(response.headers.link ?? ''));
  return match ? new URL(match[1]).pathname + new URL(match[1]).search : null;
}

/** Loads a list and a few of its next pages. */
async function pages(browser: Browser | null, url: string, count = 3) {
  let next: string | null = url;
  for (let i = 0; i < count && next; i++) {
    const response: LightMyRequestResponse = browser
      ? await browser.get(next)
      : await app.inject({ url: next });
    assert.equal(response.statusCode, 200, `${next}: ${response.body}`);
    next = nextLink(response);
  }
}

/** Why a plan reads a whole table, or null. */
function fullScan(query: CompiledQuery, plan: string[]): string | null {
  const tables = /\b(groups|group_likes|users)\b/;
  if (dialectOf(app.db) === 'postgres') {
    const seq = plan.find((line) => /Seq Scan on (groups|group_likes|users)\b/.test(line));
    return seq ?? null;
  }
  for (const line of plan) {
    const scan = /^SCAN (\w+)(.*)$/.exec(line);
    if (scan && tables.test(scan[1])) {
      // An index walked in order is bounded by the LIMIT of a page; anything else reads it all.
      const ordered = /USING (COVERING )?INDEX/.test(scan[2]) && /\blimit\b/i.test(query.sql);
      if (!ordered) return line;
    }
    // Sorting is fine for the few rows of a rare search word (FTS); anywhere else it means all rows.
    if (/USE TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(line) && !query.sql.includes('groups_fts'))
      return line;
  }
  return null;
}

async function explain(query: CompiledQuery): Promise<string[]> {
  const postgres = dialectOf(app.db) === 'postgres';
  const prefix = postgres ? 'explain ' : 'explain query plan ';
  const result = await app.db.executeQuery<Record<string, unknown>>({
    ...query,
    sql: prefix + query.sql,
  });
  return result.rows.map((row) => String(postgres ? row['QUERY PLAN'] : row.detail));
}

test('the check itself sees a full scan', async () => {
  const bad = app.db
    .selectFrom('groups')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('description', 'like', '%anime%')
    .compile();
  const plan = await explain(bad);
  assert.ok(fullScan(bad, plan), plan.join('\n'));
  const good = app.db.selectFrom('groups').select('id').where('id', '=', 1).compile();
  assert.equal(fullScan(good, await explain(good)), null);
});

test('every query of the directory has a bounded plan', async () => {
  const anonymous = null;
  const oldest = await app.db
    .selectFrom('groups')
    .select(['created_at', 'id'])
    .where('is_verified', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .offset(40)
    .limit(1)
    .executeTakeFirstOrThrow();
  const deep = encodeCursor({ createdAt: oldest.created_at, id: oldest.id });

  for (const query of [
    '/api/groups',
    '/api/groups?limit=100',
    '/api/groups?platform=telegram',
    '/api/groups?category=anime',
    '/api/groups?platform=discord&category=games',
    `/api/groups?search=${COMMON}`,
    `/api/groups?search=${RARE}`,
    '/api/groups?search=nothingmatchesthis',
    `/api/groups?search=${COMMON}%20anime&platform=signal`,
    '/api/groups?search=fr',
    `/api/groups?search=${COMMON}&sort=relevance`,
    `/api/groups?cursor=${deep}`,
    `/api/groups?platform=whatsapp&cursor=${deep}`,
    `/api/groups?search=${COMMON}&cursor=${deep}`,
  ]) {
    await pages(anonymous, query);
    await pages(member, query, 1);
  }
  await pages(member, '/api/groups/mine?limit=20');
  await pages(admin, '/api/admin/groups');
  await pages(admin, '/api/admin/groups?state=unverified');
  await pages(admin, '/api/admin/groups?state=verified');
  await pages(admin, `/api/admin/groups?cursor=${deep}`);
  await app.inject({ url: '/api/public/stats' });
  await admin.get('/api/admin/stats');
  await admin.get('/api/admin/users');
  await app.inject({ url: `/api/groups/${oldest.id}` });
  await member.get(`/api/groups/${oldest.id}`);
  assert.equal((await member.post(`/api/groups/${oldest.id}/like`)).statusCode, 200);
  assert.equal((await member.delete(`/api/groups/${oldest.id}/like`)).statusCode, 200);
  const submitted = await submitGroup(member, VALID_FIELDS);
  assert.equal(submitted.statusCode, 201);
  const id = submitted.json().group.id;
  assert.equal((await admin.post(`/api/admin/groups/${id}/verify`)).statusCode, 200);
  assert.equal((await admin.delete(`/api/admin/groups/${id}`)).statusCode, 204);
  assert.equal((await admin.post(`/api/admin/users/${member.userId}/verify`)).statusCode, 200);

  DefaultQueryExecutor.prototype.executeQuery = originalExecute;
  const queries = captured.filter((q) => /^\s*(select|insert|update|delete|with)\b/i.test(q.sql));
  assert.ok(queries.length > 50, `only ${queries.length} queries seen`);
  const scans: string[] = [];
  const seen = new Set<string>();
  for (const query of queries) {
    if (seen.has(query.sql + JSON.stringify(query.parameters))) continue;
    seen.add(query.sql + JSON.stringify(query.parameters));
    const plan = await explain(query);
    const why = fullScan(query, plan);
    if (why)
      scans.push(`${query.sql}\n  ${JSON.stringify(query.parameters)}\n  → ${why}\n  ${plan.join('\n  ')}`);
  }
  assert.deepEqual(scans, []);
});
