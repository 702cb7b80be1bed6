import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { logoKey } from '../../../src/directory/groups/logo-store.js';
import { assertProblem } from '../../helpers/assert-problem.js';
import { Browser, loggedInBrowser } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { imageBytes, seedGroup, submitGroup, VALID_FIELDS } from '../groups/group-fixtures.js';

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof loggedInBrowser>>;
let member: Awaited<ReturnType<typeof loggedInBrowser>>;

const titles = (response: { json(): Array<{ title: string }> }) => response.json().map((g) => g.title);
const publicTitles = async () => titles(await app.inject({ url: '/api/groups?limit=100' }));

before(async () => {
  app = await buildTestApp();
  admin = await loggedInBrowser(app, { role: 'admin' });
  member = await loggedInBrowser(app);
});

describe('GET /api/admin/groups', () => {
  test('lists all groups, pending included, newest first, with their submitter', async () => {
    const fresh = await buildTestApp();
    const boss = await loggedInBrowser(fresh, { role: 'admin' });
    const author = await loggedInBrowser(fresh);
    await seedGroup(fresh, { title: 'Old verified' });
    await submitGroup(author, { ...VALID_FIELDS, title: 'New pending' });

    const all = await boss.get('/api/admin/groups');
    assert.equal(all.statusCode, 200);
    assert.deepEqual(titles(all), ['New pending', 'Old verified']);
    assert.deepEqual(all.json()[0].submittedBy, { id: author.userId, username: author.username });
    assert.equal(all.json()[0].isVerified, false);
    assert.equal(all.json()[1].submittedBy, null);

    assert.deepEqual(titles(await boss.get('/api/admin/groups?state=unverified')), ['New pending']);
    assert.deepEqual(titles(await boss.get('/api/admin/groups?state=verified')), ['Old verified']);

    const first = await boss.get('/api/admin/groups?limit=1');
    assert.deepEqual(titles(first), ['New pending']);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    assert.ok(next);
    const second = await boss.get(new URL(next).pathname + new URL(next).search);
    assert.deepEqual(titles(second), ['Old verified']);
    assert.equal(second.headers.link, undefined);
  });

  test('an unknown state or a bad limit is a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?state=removed', 'state'],
      ['?limit=0', 'limit'],
      ['?cursor=zzz', 'cursor'],
    ]) {
      const response = await admin.get(`/api/admin/groups${query}`);
      assert.equal(response.statusCode, 400, query);
      assert.ok(
        response.json().errors.some((e: { field: string }) => e.field === field),
        response.body,
      );
    }
  });

  test('no session: 401; not an admin: 403', async () => {
    assert.equal((await new Browser(app).get('/api/admin/groups')).statusCode, 401);
    const refused = await member.get('/api/admin/groups');
    assertProblem(refused, 403, 'FORBIDDEN');
  });
});

describe('POST /api/admin/groups/:id/verify', () => {
  test('makes the group public at once and returns {group}', async () => {
    const submitted = await submitGroup(member, { ...VALID_FIELDS, title: 'Waiting room' });
    const { id } = submitted.json().group;
    assert.ok(!(await publicTitles()).includes('Waiting room'));

    const verified = await admin.post(`/api/admin/groups/${id}/verify`);
    assert.equal(verified.statusCode, 200);
    assert.equal(verified.json().group.id, id);
    assert.equal(verified.json().group.isVerified, true);
    assert.ok((await publicTitles()).includes('Waiting room'));
    assert.equal((await member.post(`/api/groups/${id}/like`)).statusCode, 200);

    const again = await admin.post(`/api/admin/groups/${id}/verify`, '', {
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().group.likes, 1);
  });

  test('refusals: 401, 403 for a member, 403 without or with a wrong CSRF token, 404, 400', async () => {
    const pending = await seedGroup(app, { verified: false, title: 'Still pending' });
    const path = `/api/admin/groups/${pending.id}/verify`;
    assert.equal((await new Browser(app).post(path)).statusCode, 401);
    assert.equal((await member.post(path)).statusCode, 403);
    const noToken = await admin.post(path, undefined, { csrf: false });
    assertProblem(noToken, 403, 'CSRF_INVALID');
    assert.equal(
      (await admin.post(path, undefined, { headers: { 'x-csrf-token': 'bogus' } })).statusCode,
      403,
    );
    const row = await app.db
      .selectFrom('groups')
      .select('is_verified')
      .where('id', '=', pending.id)
      .executeTakeFirst();
    assert.equal(row?.is_verified, 0);

    const unknown = await admin.post('/api/admin/groups/987654/verify');
    assertProblem(unknown, 404, 'NOT_FOUND');
    const bad = await admin.post('/api/admin/groups/x/verify');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().errors[0].field, 'id');
  });
});

describe('DELETE /api/admin/groups/:id', () => {
  test('removes the group, its likes and its logo file for good', async () => {
    const submitted = await submitGroup(member, {
      ...VALID_FIELDS,
      title: 'Doomed',
      logo: { bytes: await imageBytes('png'), filename: 'logo.png' },
    });
    const { id, logoUrl } = submitted.json().group;
    const logoFile = logoKey(logoUrl.split('/').pop());
    assert.ok(await app.blobs.exists(logoFile));
    await admin.post(`/api/admin/groups/${id}/verify`);
    await member.post(`/api/groups/${id}/like`);

    const removed = await admin.delete(`/api/admin/groups/${id}`);
    assert.equal(removed.statusCode, 204);
    assert.equal(removed.body, '');
    assert.equal(await app.blobs.exists(logoFile), false);
    assert.equal((await app.inject({ url: new URL(logoUrl).pathname })).statusCode, 404);
    assert.ok(!(await publicTitles()).includes('Doomed'));
    assert.ok(!titles(await admin.get('/api/admin/groups?limit=100')).includes('Doomed'));
    const likes = await app.db.selectFrom('group_likes').selectAll().where('group_id', '=', id).execute();
    assert.equal(likes.length, 0);
    assert.equal((await member.post(`/api/groups/${id}/like`)).statusCode, 404);
    assert.equal((await admin.delete(`/api/admin/groups/${id}`)).statusCode, 404);
  });

  test('refusals: 401, 403 for a member, 403 without CSRF, 404, 400; the group stays', async () => {
    const group = await seedGroup(app, { title: 'Survivor' });
    const path = `/api/admin/groups/${group.id}`;
    assert.equal((await new Browser(app).delete(path)).statusCode, 401);
    assert.equal((await member.delete(path)).statusCode, 403);
    assert.equal((await admin.delete(path, { csrf: false })).statusCode, 403);
    assert.ok(await app.db.selectFrom('groups').select('id').where('id', '=', group.id).executeTakeFirst());
    assert.equal((await admin.delete('/api/admin/groups/55555')).statusCode, 404);
    assert.equal((await admin.delete('/api/admin/groups/0')).statusCode, 400);
  });
});
