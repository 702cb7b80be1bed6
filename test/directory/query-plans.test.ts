import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type CompiledQuery, DefaultQueryExecutor, type QueryResult, sql } from 'kysely';
import { dialectOf } from '../../src/db/database.js';
import { searchColumn } from '../../src/db/search-column.js';
import { encodeCursor } from '../../src/directory/groups/cursor.js';
import { reconsiderAll } from '../../src/directory/groups/reports-repository.js';
import { seededRandom } from '../../src/lib/deterministic.js';
import { type Browser, loggedInBrowser } from '../helpers/browser.js';
import { buildTestApp, SOURCES_ONLY } from '../helpers/test-app.js';
import { multipart, submitGroup, VALID_FIELDS } from './groups/group-fixtures.js';

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
const COMMON_TAG = 'chat'; // a tag of most groups, more than the 2000 a tag filter gathers

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
      // Tags as words are: a common one, a rare one, and one of the vocabulary.
      const tags = [
        ...new Set([text[1], ...(text.includes(COMMON) ? [COMMON] : []), ...(n % 997 === 0 ? [RARE] : [])]),
      ];
      const createdAt = new Date(Date.UTC(2024, 0, 1) + n * 3_600_000).toISOString();
      return {
        title: `Group ${n} ${text[0]}`,
        platform: pick(['WhatsApp', 'Telegram', 'Discord', 'Signal']),
        platform_key: '',
        category: pick(['Anime', 'Games', 'Music', 'Study', 'Art']),
        category_key: '',
        invite_link: `https://t.me/g${n}`,
        description: text.join(' '),
        tags: JSON.stringify(tags),
        search_text: searchColumn({
          title: `Group ${n} ${text[0]}`,
          description: text.join(' '),
          tags,
        }),
        likes: 0,
        // Mostly public; some pending, rejected, or hidden by reports (group-state.ts).
        is_verified: random() < 0.9 ? 1 : pick([0, 0, 2, 3]),
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
    // Given over the last year, so the trending window (7 days) holds a small part of them.
    return {
      group_id,
      user_id,
      created_at: new Date(Date.now() - random() * 365 * 86_400_000).toISOString(),
    };
  });
  for (let i = 0; i < likeRows.length; i += 500) {
    await app.db
      .insertInto('group_likes')
      .values(likeRows.slice(i, i + 500))
      .execute();
  }
  const reasons = ['spam', 'scam', 'nsfw', 'hate', 'dead-link', 'other'];
  const reports = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < 1500; i++) {
    const group_id = pick(groupIds);
    const reporter_id = pick(userIds);
    // Decided reports pile up; the open ones are the queue of the day.
    const status = random() < 0.1 ? 'open' : pick(['resolved', 'dismissed']);
    const key = `${group_id}:${reporter_id}`;
    if (status === 'open' && reports.get(key)?.status === 'open') continue;
    reports.set(status === 'open' ? key : `${key}:${i}`, {
      group_id,
      reporter_id,
      reason: pick(reasons),
      text: null,
      status,
      created_at: new Date(Date.UTC(2025, 6, 1) + i * 60_000).toISOString(),
      decided_at: status === 'open' ? null : new Date(Date.UTC(2025, 7, 1) + i * 60_000).toISOString(),
    });
  }
  const reportRows = [...reports.values()];
  for (let i = 0; i < reportRows.length; i += 500) {
    await app.db
      .insertInto('group_reports')
      .values(reportRows.slice(i, i + 500) as never)
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

/**
 * A query that sorts a bounded set it gathered first, so a sort is no full read: the groups of a
 * word (FTS), of a rare tag (its group_tags, fewer than 2000 public ones), or liked in the
 * trending window (group_likes by time), or a page of reports with their counts.
 */
function sortsBoundedSet(query: CompiledQuery, plan: string[]): boolean {
  // Most liked first with a platform or category filter: SQLite's planner may take that filter's
  // index range and sort it, where walking the likes index would read more (both are bounded).
  const filterRange = plan.some((line) =>
    /^SEARCH groups USING INDEX groups_(platform|category|platform_category)_feed \(is_verified=\? AND (platform_key|category_key)=\?/.test(
      line,
    ),
  );
  if (filterRange && query.sql.includes('order by "likes" desc')) return true;
  return (
    query.sql.includes('groups_fts') ||
    /"groups"\."id" in \(select "group_tags"\."group_id"/.test(query.sql) ||
    /from \(select "group_likes"\."group_id", count\(\*\) as "trend"/.test(query.sql)
  );
}

/** Why a plan reads a whole table, or null. */
function fullScan(query: CompiledQuery, plan: string[]): string | null {
  const tables = /\b(groups|group_likes|users|group_tags|group_reports|tag_counts)\b/;
  if (dialectOf(app.db) === 'postgres') {
    const seq = plan.find((line) =>
      /Seq Scan on (groups|group_likes|users|group_tags|group_reports|tag_counts)\b/.test(line),
    );
    return seq ?? null;
  }
  for (const line of plan) {
    const scan = /^SCAN (\w+)(.*)$/.exec(line);
    if (scan && tables.test(scan[1])) {
      // An index walked in order is bounded by the LIMIT of a page; anything else reads it all.
      const ordered = /USING (COVERING )?INDEX/.test(scan[2]) && /\blimit\b/i.test(query.sql);
      // The partial index of open reports holds the moderation queue and nothing else.
      const openReports = /USING (COVERING )?INDEX group_reports_one_open\b/.test(scan[2]);
      if (!ordered && !openReports) return line;
    }
    // Sorting is fine for the few rows of a rare search word (FTS); anywhere else it means all rows.
    if (/USE TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(line) && !sortsBoundedSet(query, plan))
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

test('every query of the directory has a bounded plan', { skip: SOURCES_ONLY }, async () => {
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
  const liked = await app.db
    .selectFrom('groups')
    .select(['created_at', 'id', 'likes'])
    .where('is_verified', '=', 1)
    .orderBy('likes')
    .orderBy('created_at')
    .orderBy('id')
    .offset(40)
    .limit(1)
    .executeTakeFirstOrThrow();
  const deepByLikes = encodeCursor({ createdAt: liked.created_at, id: liked.id, likes: liked.likes });
  const deepTrending = encodeCursor({ createdAt: oldest.created_at, id: oldest.id, trend: 0 });
  const midTrending = encodeCursor({ createdAt: oldest.created_at, id: oldest.id, trend: 1 });

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
    '/api/groups?sort=likes',
    '/api/groups?sort=likes&platform=telegram',
    '/api/groups?sort=likes&platform=discord&category=games',
    `/api/groups?sort=likes&search=${COMMON}`,
    `/api/groups?sort=likes&search=${RARE}`,
    `/api/groups?sort=likes&cursor=${deepByLikes}`,
    '/api/groups?sort=trending',
    '/api/groups?sort=trending&platform=signal',
    `/api/groups?sort=trending&search=${COMMON}`,
    `/api/groups?sort=trending&search=${RARE}`,
    `/api/groups?sort=trending&tag=${COMMON_TAG}`,
    `/api/groups?sort=trending&cursor=${midTrending}`,
    `/api/groups?sort=trending&cursor=${deepTrending}`,
    `/api/groups?tag=${COMMON_TAG}`,
    `/api/groups?tag=${RARE}`,
    '/api/groups?tag=nosuchtag',
    `/api/groups?tag=${COMMON_TAG}&sort=likes`,
    `/api/groups?tag=${RARE}&sort=likes`,
    `/api/groups?tag=${COMMON_TAG}&search=${COMMON}`,
    `/api/groups?tag=${RARE}&search=${COMMON}`,
    `/api/groups?tag=${COMMON_TAG}&platform=whatsapp`,
    `/api/groups?tag=${COMMON_TAG}&cursor=${deep}`,
    `/api/groups?tag=${COMMON_TAG}&search=${COMMON}&sort=relevance`,
  ]) {
    await pages(anonymous, query);
    await pages(member, query, 1);
  }
  await pages(member, '/api/groups/mine?limit=20');
  await pages(admin, '/api/admin/groups');
  await pages(admin, '/api/admin/groups?state=unverified');
  await pages(admin, '/api/admin/groups?state=verified');
  await pages(admin, `/api/admin/groups?cursor=${deep}`);
  await pages(admin, '/api/admin/groups?state=pending');
  await pages(admin, '/api/admin/groups?state=rejected');
  await pages(admin, '/api/admin/reports');
  await pages(admin, '/api/admin/reports?status=resolved');
  await pages(admin, '/api/admin/reports?status=dismissed&limit=20');
  await app.inject({ url: '/api/groups/facets' });
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

  // Owners, reports and moderation.
  const own = await submitGroup(member, { ...VALID_FIELDS, tags: COMMON_TAG });
  const ownId = own.json().group.id;
  assert.equal((await admin.post(`/api/admin/groups/${ownId}/verify`)).statusCode, 200);
  const edit = await multipart({ description: 'Changed.', tags: `${COMMON_TAG}, ${RARE}` });
  const patched = await member.request({
    method: 'PATCH',
    url: `/api/groups/${ownId}`,
    payload: edit.payload,
    headers: edit.headers,
  });
  assert.equal(patched.statusCode, 200, patched.body);
  const reporter = await loggedInBrowser(app, { verified: true });
  const reported = await reporter.post(`/api/groups/${ownId}/reports`, { reason: 'spam', text: 'Ads.' });
  assert.equal(reported.statusCode, 201, reported.body);
  const reportId = reported.json().report.id;
  assert.equal((await admin.post(`/api/admin/reports/${reportId}/dismiss`)).statusCode, 200);
  const again = await reporter.post(`/api/groups/${ownId}/reports`, { reason: 'scam' });
  assert.equal((await admin.post(`/api/admin/reports/${again.json().report.id}/resolve`)).statusCode, 200);
  assert.equal((await admin.post(`/api/admin/groups/${ownId}/reject`, { reason: 'Spam.' })).statusCode, 200);
  assert.equal((await member.get('/api/groups/mine')).statusCode, 200);
  assert.equal((await member.delete(`/api/groups/${ownId}`)).statusCode, 204);
  assert.equal((await admin.post(`/api/admin/users/${reporter.userId}/verify`)).statusCode, 200);
  // The hourly sweep of the hide threshold.
  await reconsiderAll(app.db, 3);

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
