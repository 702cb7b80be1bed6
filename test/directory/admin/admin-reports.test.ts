import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { encodeCursor } from '../../../src/directory/groups/cursor.js';
import { assertBadRequest, assertProblem } from '../../helpers/assert-problem.js';
import { Browser, loggedInBrowser } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { seedGroup } from '../groups/group-fixtures.js';

type Member = Awaited<ReturnType<typeof loggedInBrowser>>;

let app: FastifyInstance;
let admin: Member;
let member: Member;
const filed: number[] = [];
let groupA: number;
let groupB: number;

/** The path and query of the rel="next" link, or null. */
function nextLink(response: LightMyRequestResponse): string | null {
  const match = /^<([^>]+)>; rel="next"$/.exec(String(response.headers.link ?? ''));
  return match ? new URL(match[1]).pathname + new URL(match[1]).search : null;
}

before(async () => {
  app = await buildTestApp({ reportHideThreshold: 100 });
  admin = await loggedInBrowser(app, { role: 'admin' });
  member = await loggedInBrowser(app);
  groupA = (await seedGroup(app, { title: 'Group A' })).id;
  groupB = (await seedGroup(app, { title: 'Group B' })).id;
  // Five reports, A B A B A, one by one, so each is newer than the one before.
  for (let i = 0; i < 5; i++) {
    const user = await loggedInBrowser(app);
    const response = await user.post(`/api/groups/${i % 2 ? groupB : groupA}/reports`, {
      reason: 'spam',
      text: `report ${i}`,
    });
    assert.equal(response.statusCode, 201, response.body);
    filed.push(response.json().report.id);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
});

describe('GET /api/admin/reports', () => {
  test('the open reports, newest first, each with its group and the group’s open reports', async () => {
    const response = await admin.get('/api/admin/reports');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'private, no-store');
    const queue = response.json();
    assert.deepEqual(
      queue.map((r: { id: number }) => r.id),
      [...filed].reverse(),
    );
    assert.deepEqual(
      queue.map((r: { group: { title: string; openReports: number } }) => [
        r.group.title,
        r.group.openReports,
      ]),
      [
        ['Group A', 3],
        ['Group B', 2],
        ['Group A', 3],
        ['Group B', 2],
        ['Group A', 3],
      ],
    );
    assert.equal(queue[0].text, 'report 4');
    assert.equal(queue[0].group.status, 'verified');
    assert.equal(response.headers.link, undefined);
  });

  test('pages with a Link header, none skipped or repeated', async () => {
    const seen: number[] = [];
    let next: string | null = '/api/admin/reports?limit=2';
    let pages = 0;
    while (next) {
      const response = await admin.get(next);
      assert.equal(response.statusCode, 200, response.body);
      seen.push(...response.json().map((r: { id: number }) => r.id));
      next = nextLink(response);
      pages += 1;
    }
    assert.equal(pages, 3);
    assert.deepEqual(seen, [...filed].reverse());
  });

  test('resolve and dismiss move reports to their own lists; the counts follow', async () => {
    const resolved = await admin.post(`/api/admin/reports/${filed[0]}/resolve`);
    assert.equal(resolved.statusCode, 200, resolved.body);
    assert.equal(resolved.json().report.status, 'resolved');
    assert.ok(resolved.json().report.decidedAt);
    assert.equal(resolved.json().report.group.openReports, 2);
    const dismissed = await admin.post(`/api/admin/reports/${filed[1]}/dismiss`);
    assert.equal(dismissed.json().report.status, 'dismissed');
    assert.equal(dismissed.json().report.group.openReports, 1);

    const ids = async (query: string) =>
      (await admin.get(`/api/admin/reports${query}`)).json().map((r: { id: number }) => r.id);
    assert.deepEqual(await ids(''), [filed[4], filed[3], filed[2]]);
    assert.deepEqual(await ids('?status=open'), [filed[4], filed[3], filed[2]]);
    assert.deepEqual(await ids('?status=resolved'), [filed[0]]);
    assert.deepEqual(await ids('?status=dismissed'), [filed[1]]);
    assert.equal((await admin.get('/api/admin/stats')).json().reports.open, 3);

    // The same decision again changes nothing; the other one is a conflict.
    const again = await admin.post(`/api/admin/reports/${filed[0]}/resolve`);
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().report.decidedAt, resolved.json().report.decidedAt);
    assertProblem(await admin.post(`/api/admin/reports/${filed[0]}/dismiss`), 409, 'CONFLICT');
    assert.deepEqual(await ids('?status=resolved'), [filed[0]]);
  });

  test('a reporter whose account is gone shows as null', async () => {
    const gone = await loggedInBrowser(app);
    const response = await gone.post(`/api/groups/${groupB}/reports`, { reason: 'dead-link' });
    await app.db.deleteFrom('users').where('id', '=', gone.userId).execute();
    const queue = (await admin.get('/api/admin/reports')).json();
    const row = queue.find((r: { id: number }) => r.id === response.json().report.id);
    assert.equal(row.reporter, null);
  });

  test('bad input is a 400 naming the field: status, limit, cursor (one of another list, too)', async () => {
    const bad = assertBadRequest(await admin.get('/api/admin/reports?status=closed'), 'status');
    assert.match(bad.detail, /open, resolved, dismissed/);
    assertBadRequest(await admin.get('/api/admin/reports?limit=0'), 'limit');
    assertBadRequest(await admin.get('/api/admin/reports?cursor=zzz'), 'cursor');
    const byLikes = encodeCursor({ createdAt: '2026-01-01T00:00:00.000Z', id: 1, likes: 3 });
    assertBadRequest(await admin.get(`/api/admin/reports?cursor=${byLikes}`), 'cursor');
  });

  test('admins only: 401 without a session, 403 for a user or without the CSRF token; unknown report 404', async () => {
    assertProblem(await new Browser(app).get('/api/admin/reports'), 401, 'UNAUTHENTICATED');
    assertProblem(await member.get('/api/admin/reports'), 403, 'FORBIDDEN');
    assertProblem(await member.post(`/api/admin/reports/${filed[2]}/resolve`), 403, 'FORBIDDEN');
    assertProblem(
      await admin.post(`/api/admin/reports/${filed[2]}/resolve`, undefined, { csrf: false }),
      403,
      'CSRF_INVALID',
    );
    assertProblem(await admin.post('/api/admin/reports/2147483647/dismiss'), 404, 'NOT_FOUND');
    assert.equal((await admin.get('/api/admin/reports')).json()[0].status, 'open');
  });
});
