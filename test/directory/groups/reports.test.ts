import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REPORT_REASONS } from '../../../src/directory/directory-contract.js';
import { reconsiderAll } from '../../../src/directory/groups/reports-repository.js';
import { assertBadRequest, assertProblem } from '../../helpers/assert-problem.js';
import { Browser, loggedInBrowser } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { seedGroup } from './group-fixtures.js';

type Member = Awaited<ReturnType<typeof loggedInBrowser>>;

let app: FastifyInstance;
let admin: Member;
let owner: Member;
let reporter: Member;

before(async () => {
  // The default threshold (3), and no page cache, so every list shows the state as it is.
  app = await buildTestApp({ groupsPageCacheMs: 0 });
  admin = await loggedInBrowser(app, { role: 'admin' });
  owner = await loggedInBrowser(app);
  reporter = await loggedInBrowser(app, { verified: true });
});

const report = (browser: Browser, id: number, body: unknown = { reason: 'spam' }, csrf = true) =>
  browser.post(`/api/groups/${id}/reports`, body as Record<string, unknown>, { csrf });
const isPublic = async (id: number) => {
  const list = (await app.inject({ url: '/api/groups?limit=100' })).json() as Array<{ id: number }>;
  const one = (await app.inject({ url: `/api/groups/${id}` })).statusCode;
  assert.equal(
    list.some((g) => g.id === id),
    one === 200,
    'list and get agree',
  );
  return one === 200;
};
const openReports = async (id: number) =>
  (
    await app.db
      .selectFrom('group_reports')
      .select(['id', 'status'])
      .where('group_id', '=', id)
      .orderBy('id')
      .execute()
  ).map((r) => r.status);

describe('POST /api/groups/:id/reports', () => {
  test('files a report: 201 {report} for the moderators', async () => {
    const group = await seedGroup(app, { submittedBy: owner.userId, title: 'Reported once' });
    const response = await report(reporter, group.id, { reason: 'scam', text: '  Asks for money.\n' });
    assert.equal(response.statusCode, 201, response.body);
    const { report: filed } = response.json();
    assert.equal(typeof filed.id, 'number');
    assert.deepEqual(
      { ...filed, id: 0, createdAt: '' },
      {
        id: 0,
        group: { id: group.id, title: 'Reported once', status: 'verified', openReports: 1 },
        reporter: { id: reporter.userId, username: reporter.username },
        reason: 'scam',
        text: 'Asks for money.',
        status: 'open',
        createdAt: '',
        decidedAt: null,
      },
    );
    assert.equal(response.headers['cache-control'], 'private, no-store');
    // Every reason of the list is taken; no text is null.
    for (const reason of REPORT_REASONS) {
      const group2 = await seedGroup(app);
      const filed2 = await report(reporter, group2.id, { reason });
      assert.equal(filed2.statusCode, 201, reason);
      assert.equal(filed2.json().report.text, null);
    }
  });

  test('a second open report of the same group by the same user is a 409; after a decision a new one is taken', async () => {
    const group = await seedGroup(app);
    const first = await report(reporter, group.id);
    assert.equal(first.statusCode, 201);
    assertProblem(await report(reporter, group.id, { reason: 'hate' }), 409, 'CONFLICT');
    assert.deepEqual(await openReports(group.id), ['open']);
    await admin.post(`/api/admin/reports/${first.json().report.id}/dismiss`);
    assert.equal((await report(reporter, group.id, { reason: 'hate' })).statusCode, 201);
    assert.deepEqual(await openReports(group.id), ['dismissed', 'open']);
  });

  test('an unknown or non-public group is a 404; the own group a 403; nothing is filed', async () => {
    assertProblem(await report(reporter, 2147483647), 404, 'NOT_FOUND');
    const pending = await seedGroup(app, { verified: false });
    assertProblem(await report(reporter, pending.id), 404, 'NOT_FOUND');
    const own = await seedGroup(app, { submittedBy: owner.userId });
    const refused = assertProblem(await report(owner, own.id), 403, 'FORBIDDEN');
    assert.match(refused.detail, /own group/);
    assert.deepEqual(await openReports(pending.id), []);
    assert.deepEqual(await openReports(own.id), []);
  });

  test('a reason outside the list is a 400 that lists the valid ones; text is at most 1000 characters', async () => {
    const group = await seedGroup(app);
    const bad = assertBadRequest(await report(reporter, group.id, { reason: 'boring' }), 'reason');
    assert.match(
      bad.errors?.find((e) => e.field === 'reason')?.message ?? '',
      /spam, scam, nsfw, hate, dead-link, other/,
    );
    assertBadRequest(await report(reporter, group.id, {}), 'reason');
    assertBadRequest(await report(reporter, group.id, { reason: 'spam', text: 'x'.repeat(1001) }), 'text');
    assert.deepEqual(await openReports(group.id), []);
    assert.equal(
      (await report(reporter, group.id, { reason: 'other', text: 'x'.repeat(1000) })).statusCode,
      201,
    );
  });

  test('needs a session (401) and the CSRF token (403)', async () => {
    const group = await seedGroup(app);
    assertProblem(await report(new Browser(app), group.id), 401, 'UNAUTHENTICATED');
    assertProblem(await report(reporter, group.id, { reason: 'spam' }, false), 403, 'CSRF_INVALID');
    assert.deepEqual(await openReports(group.id), []);
  });
});

describe('the hide threshold (REPORT_HIDE_THRESHOLD, 3)', () => {
  test('open reports from 3 verified users hide a group until the reports fall below', async () => {
    const group = await seedGroup(app, { title: 'Soon hidden' });
    const users = await Promise.all([1, 2, 3].map(() => loggedInBrowser(app, { verified: true })));
    const unverified = await loggedInBrowser(app);
    await report(users[0], group.id);
    await report(users[1], group.id);
    // An unverified account's report does not count.
    await report(unverified, group.id);
    assert.equal(await isPublic(group.id), true);
    const third = await report(users[2], group.id);
    assert.equal(third.json().report.group.openReports, 4);
    assert.equal(await isPublic(group.id), false);
    assertProblem(await users[0].post(`/api/groups/${group.id}/like`), 404, 'NOT_FOUND');
    // Still verified: hidden is no new state; the admin sees it with its open reports.
    const seen = (await admin.get(`/api/groups/${group.id}`)).json().group;
    assert.equal(seen.status, 'verified');
    assert.equal(seen.openReports, 4);
    const stats = (await admin.get('/api/admin/stats')).json();
    assert.ok(stats.reports.open >= 4);

    // Dismissing one brings it back; a new report from another verified user hides it again.
    await admin.post(`/api/admin/reports/${third.json().report.id}/dismiss`);
    assert.equal(await isPublic(group.id), true);
    const fourth = await loggedInBrowser(app, { verified: true });
    await report(fourth, group.id);
    assert.equal(await isPublic(group.id), false);
  });

  test('verifying a reporter makes their open report count', async () => {
    const group = await seedGroup(app);
    const users = await Promise.all([1, 2, 3].map(() => loggedInBrowser(app, { verified: false })));
    for (const user of users) await report(user, group.id);
    assert.equal(await isPublic(group.id), true);
    await admin.post(`/api/admin/users/${users[0].userId}/verify`);
    await admin.post(`/api/admin/users/${users[1].userId}/verify`);
    assert.equal(await isPublic(group.id), true);
    await admin.post(`/api/admin/users/${users[2].userId}/verify`);
    assert.equal(await isPublic(group.id), false);
  });

  test('an admin decides: verify brings it back and dismisses the reports; reject resolves them; delete takes them away', async () => {
    const hide = async () => {
      const group = await seedGroup(app);
      for (let i = 0; i < 3; i++) await report(await loggedInBrowser(app, { verified: true }), group.id);
      assert.equal(await isPublic(group.id), false);
      return group.id;
    };
    const verified = await hide();
    const response = await admin.post(`/api/admin/groups/${verified}/verify`);
    assert.equal(response.json().group.openReports, 0);
    assert.equal(await isPublic(verified), true);
    assert.deepEqual(await openReports(verified), ['dismissed', 'dismissed', 'dismissed']);

    const rejected = await hide();
    await admin.post(`/api/admin/groups/${rejected}/reject`, { reason: 'Scam, as reported.' });
    assert.equal(await isPublic(rejected), false);
    assert.deepEqual(await openReports(rejected), ['resolved', 'resolved', 'resolved']);

    const deleted = await hide();
    assert.equal((await admin.delete(`/api/admin/groups/${deleted}`)).statusCode, 204);
    assert.deepEqual(await openReports(deleted), []);
  });

  test('resolving reports below the threshold brings the group back too', async () => {
    const group = await seedGroup(app);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await report(await loggedInBrowser(app, { verified: true }), group.id)).json().report.id);
    }
    assert.equal(await isPublic(group.id), false);
    await admin.post(`/api/admin/reports/${ids[0]}/resolve`);
    assert.equal(await isPublic(group.id), true);
  });

  test('the hourly sweep weighs reported and hidden groups again: a changed threshold, reporters gone', async () => {
    const group = await seedGroup(app);
    const users = await Promise.all([1, 2, 3].map(() => loggedInBrowser(app, { verified: true })));
    for (const user of users.slice(0, 2)) await report(user, group.id);
    assert.equal(await isPublic(group.id), true);
    // As if REPORT_HIDE_THRESHOLD were 2 now, then 4.
    assert.equal(await reconsiderAll(app.db, 2), true);
    assert.equal(await isPublic(group.id), false);
    assert.equal(await reconsiderAll(app.db, 4), true);
    assert.equal(await isPublic(group.id), true);
    await report(users[2], group.id);
    assert.equal(await isPublic(group.id), false);
    await app.db.deleteFrom('users').where('id', '=', users[2].userId).execute();
    assert.equal(await reconsiderAll(app.db, 3), true);
    assert.equal(await isPublic(group.id), true);
    assert.equal(await reconsiderAll(app.db, 3), false);
  });

  test('a threshold of 1 hides a group at the first verified report', async () => {
    const strict = await buildTestApp({ reportHideThreshold: 1, groupsPageCacheMs: 0 });
    const group = await seedGroup(strict);
    const user = await loggedInBrowser(strict, { verified: true });
    await user.post(`/api/groups/${group.id}/reports`, { reason: 'nsfw' });
    assert.equal((await strict.inject({ url: `/api/groups/${group.id}` })).statusCode, 404);
  });
});
