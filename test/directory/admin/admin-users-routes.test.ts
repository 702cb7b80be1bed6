import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { assertProblem } from '../../helpers/assert-problem.js';
import { Browser, loggedInBrowser } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/test-app.js';

describe('admin users: /api/admin/users', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof loggedInBrowser>>;
  let member: Awaited<ReturnType<typeof loggedInBrowser>>;

  before(async () => {
    app = await buildTestApp();
    admin = await loggedInBrowser(app, { role: 'admin' });
    member = await loggedInBrowser(app);
  });

  it('lists users newest first without any secret field', async () => {
    const res = await admin.get('/api/admin/users');
    assert.equal(res.statusCode, 200);
    const users = res.json();
    assert.ok(Array.isArray(users));
    assert.equal(users[0].id, member.userId, 'the newest account comes first');
    for (const user of users) {
      assert.deepEqual(Object.keys(user).sort(), [
        'createdAt',
        'email',
        'id',
        'isVerified',
        'role',
        'username',
      ]);
    }
    assert.doesNotMatch(res.body, /argon2|password/i);
  });

  it('returns only the latest 100', async () => {
    const rows = Array.from({ length: 105 }, (_, i) => ({
      username: `bulk${i}`,
      username_key: `bulk${i}`,
      username_skeleton: `bulk${i}`,
      email: `bulk${i}@example.org`,
      email_key: `bulk${i}@example.org`,
      password_hash: 'x',
      role: 'user',
      is_verified: 0,
      created_at: new Date(Date.UTC(2030, 0, 1, 0, 0, i)).toISOString(),
    }));
    await app.db.insertInto('users').values(rows).execute();
    const users = (await admin.get('/api/admin/users')).json();
    assert.equal(users.length, 100);
    assert.equal(users[0].username, 'bulk104');
    assert.equal(users[99].username, 'bulk5');
  });

  it('refuses anonymous visitors with 401 and members with 403', async () => {
    assert.equal((await new Browser(app).get('/api/admin/users')).statusCode, 401);
    const res = await member.get('/api/admin/users');
    assertProblem(res, 403, 'FORBIDDEN');
  });

  describe('POST /api/admin/users/:id/verify', () => {
    const isVerified = async (id: number) =>
      (await app.db.selectFrom('users').select('is_verified').where('id', '=', id).executeTakeFirstOrThrow())
        .is_verified;

    it('verifies the user and returns {user}', async () => {
      const res = await admin.post(`/api/admin/users/${member.userId}/verify`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().user.id, member.userId);
      assert.equal(res.json().user.isVerified, true);
      assert.equal(await isVerified(member.userId), 1);
    });

    it('refuses without a session (401), for a member (403) and without a valid CSRF token (403)', async () => {
      const other = await loggedInBrowser(app);
      assert.equal((await new Browser(app).post(`/api/admin/users/${other.userId}/verify`)).statusCode, 401);
      assert.equal((await other.post(`/api/admin/users/${other.userId}/verify`)).statusCode, 403);
      const noToken = await admin.post(`/api/admin/users/${other.userId}/verify`, undefined, { csrf: false });
      assertProblem(noToken, 403, 'CSRF_INVALID');
      const badToken = await admin.post(`/api/admin/users/${other.userId}/verify`, undefined, {
        headers: { 'x-csrf-token': 'x' },
      });
      assert.equal(badToken.statusCode, 403);
      assert.equal(await isVerified(other.userId), 0);
    });

    it('takes an empty body labelled as JSON, as many clients send', async () => {
      const other = await loggedInBrowser(app);
      const res = await admin.post(`/api/admin/users/${other.userId}/verify`, undefined, {
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(res.statusCode, 200);
      assert.equal(await isVerified(other.userId), 1);
    });

    it('answers 404 for an unknown id and 400 for one that is not a positive integer', async () => {
      const missing = await admin.post('/api/admin/users/999999/verify');
      assertProblem(missing, 404, 'NOT_FOUND');
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        const res = await admin.post(`/api/admin/users/${id}/verify`);
        assert.equal(res.statusCode, 400, id);
        assert.equal(res.json().errors[0].field, 'id');
      }
    });
  });
});
