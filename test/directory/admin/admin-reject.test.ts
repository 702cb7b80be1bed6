import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { assertBadRequest, assertProblem } from '../../helpers/assert-problem.js';
import { Browser, loggedInBrowser } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { seedGroup, submitGroup, VALID_FIELDS } from '../groups/group-fixtures.js';

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof loggedInBrowser>>;
let owner: Awaited<ReturnType<typeof loggedInBrowser>>;

before(async () => {
  app = await buildTestApp();
  admin = await loggedInBrowser(app, { role: 'admin' });
  owner = await loggedInBrowser(app);
});

let made = 0;
async function ownGroup(verified: boolean) {
  made += 1;
  const response = await submitGroup(owner, {
    ...VALID_FIELDS,
    title: `Reviewed ${made}`,
    inviteLink: `https://chat.whatsapp.com/Rev${made}`,
  });
  const id: number = response.json().group.id;
  if (verified) await admin.post(`/api/admin/groups/${id}/verify`);
  return id;
}

const reject = (id: number, body: unknown, browser = admin, csrf = true) =>
  browser.post(`/api/admin/groups/${id}/reject`, body as Record<string, unknown>, { csrf });
const state = async (id: number) =>
  (await app.db
    .selectFrom('groups')
    .select(['is_verified', 'rejection_reason'])
    .where('id', '=', id)
    .executeTakeFirst()) ?? null;

describe('POST /api/admin/groups/:id/reject', () => {
  test('rejects a public group: it leaves the public list, its owner sees the reason in /mine', async () => {
    const id = await ownGroup(true);
    await owner.post(`/api/groups/${id}/like`);
    const response = await reject(id, { reason: '  The invite link leads to a scam site.\n' });
    assert.equal(response.statusCode, 200, response.body);
    const { group } = response.json();
    assert.equal(group.status, 'rejected');
    assert.equal(group.isVerified, false);
    assert.equal(group.rejectionReason, 'The invite link leads to a scam site.');
    assert.equal(group.openReports, 0);
    assert.equal(response.headers['cache-control'], 'private, no-store');

    const list = (await app.inject({ url: '/api/groups?limit=100' })).json();
    assert.ok(!list.some((g: { id: number }) => g.id === id));
    assertProblem(await app.inject({ url: `/api/groups/${id}` }), 404, 'NOT_FOUND');
    assertProblem(await new Browser(app).get(`/api/groups/${id}`), 404, 'NOT_FOUND');
    assertProblem(await admin.post(`/api/groups/${id}/like`), 404, 'NOT_FOUND');

    const mine = (await owner.get('/api/groups/mine')).json();
    const listed = mine.find((g: { id: number }) => g.id === id);
    assert.equal(listed.status, 'rejected');
    assert.equal(listed.rejectionReason, 'The invite link leads to a scam site.');
    assert.equal((await owner.get(`/api/groups/${id}`)).json().group.rejectionReason, listed.rejectionReason);
    // The public never sees a reason field; the owner's other groups carry null.
    const other = await ownGroup(true);
    assert.equal(
      mine.find((g: { id: number }) => g.id === other),
      undefined,
    );
    const pub = (await app.inject({ url: `/api/groups/${other}` })).json().group;
    assert.equal('rejectionReason' in pub, false);
    assert.equal((await owner.get(`/api/groups/${other}`)).json().group.rejectionReason, null);
  });

  test('rejects a pending group too; verifying a rejected group makes it public and drops the reason', async () => {
    const id = await ownGroup(false);
    assert.equal((await reject(id, { reason: 'Not a chat group.' })).json().group.status, 'rejected');
    const rejected = (await admin.get('/api/admin/groups?state=rejected')).json();
    assert.ok(rejected.some((g: { id: number }) => g.id === id));
    assert.ok(rejected.every((g: { status: string }) => g.status === 'rejected'));
    const verified = await admin.post(`/api/admin/groups/${id}/verify`);
    assert.equal(verified.statusCode, 200);
    assert.equal(verified.json().group.status, 'verified');
    assert.equal(verified.json().group.rejectionReason, null);
    assert.equal((await app.inject({ url: `/api/groups/${id}` })).statusCode, 200);
    assert.deepEqual(await state(id), { is_verified: 1, rejection_reason: null });
  });

  test('a missing, blank or too long reason is a 400 naming reason, and changes nothing', async () => {
    const id = await ownGroup(true);
    for (const body of [
      {},
      { reason: '' },
      { reason: ' \n\t ' },
      { reason: 'x'.repeat(501) },
      { reason: null },
    ]) {
      assertBadRequest(await reject(id, body), 'reason', JSON.stringify(body));
    }
    assertBadRequest(await admin.post(`/api/admin/groups/${id}/reject`), 'body');
    assert.deepEqual(await state(id), { is_verified: 1, rejection_reason: null });
    assert.equal((await reject(id, { reason: 'x'.repeat(500) })).statusCode, 200);
  });

  test('an unknown group is a 404; a user is refused (403), as is a request without session or CSRF token', async () => {
    assertProblem(await reject(2147483647, { reason: 'Gone.' }), 404, 'NOT_FOUND');
    const id = (await seedGroup(app)).id;
    assertProblem(await reject(id, { reason: 'No.' }, owner), 403, 'FORBIDDEN');
    assertProblem(
      await new Browser(app).post(`/api/admin/groups/${id}/reject`, { reason: 'No.' }),
      401,
      'UNAUTHENTICATED',
    );
    assertProblem(await reject(id, { reason: 'No.' }, admin, false), 403, 'CSRF_INVALID');
    assert.deepEqual(await state(id), { is_verified: 1, rejection_reason: null });
  });
});
