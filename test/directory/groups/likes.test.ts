import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../../src/directory/auth/passwords.js';
import { createUser } from '../../../src/directory/users/users-repository.js';
import { assertProblem } from '../../helpers/assert-problem.js';
import { Browser, loggedInBrowser } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { seedGroup } from './group-fixtures.js';

let app: FastifyInstance;

const likeRows = async (groupId: number) =>
  Number(
    (
      await app.db
        .selectFrom('group_likes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('group_id', '=', groupId)
        .executeTakeFirstOrThrow()
    ).n,
  );

before(async () => {
  app = await buildTestApp();
});

describe('POST and DELETE /api/groups/:id/like', () => {
  test('one like per user; repeating changes nothing and returns the current count', async () => {
    const group = await seedGroup(app);
    const alice = await loggedInBrowser(app);
    const bob = await loggedInBrowser(app);

    const first = await alice.post(`/api/groups/${group.id}/like`);
    assert.equal(first.statusCode, 200);
    assert.deepEqual(first.json(), { id: group.id, likes: 1, likedByMe: true });
    assert.deepEqual((await alice.post(`/api/groups/${group.id}/like`)).json(), {
      id: group.id,
      likes: 1,
      likedByMe: true,
    });
    assert.equal((await bob.post(`/api/groups/${group.id}/like`)).json().likes, 2);

    const listed = (await alice.get('/api/groups')).json().find((g: { id: number }) => g.id === group.id);
    assert.equal(listed.likes, 2);
    assert.equal(listed.likedByMe, true);
  });

  test('the public list shows a like, and its withdrawal, at once', async () => {
    const group = await seedGroup(app, { createdAt: '2031-01-01T00:00:00.000Z' });
    const user = await loggedInBrowser(app);
    const publicLikes = async () => (await app.inject({ url: '/api/groups' })).json()[0].likes;
    assert.equal(await publicLikes(), 0);
    await user.post(`/api/groups/${group.id}/like`);
    assert.equal(await publicLikes(), 1);
    await user.delete(`/api/groups/${group.id}/like`);
    assert.equal(await publicLikes(), 0);
  });

  test('DELETE takes a like back, once', async () => {
    const group = await seedGroup(app);
    const alice = await loggedInBrowser(app);
    const bob = await loggedInBrowser(app);
    await alice.post(`/api/groups/${group.id}/like`);
    await bob.post(`/api/groups/${group.id}/like`);

    const taken = await alice.delete(`/api/groups/${group.id}/like`);
    assert.equal(taken.statusCode, 200);
    assert.deepEqual(taken.json(), { id: group.id, likes: 1, likedByMe: false });
    assert.deepEqual((await alice.delete(`/api/groups/${group.id}/like`)).json(), {
      id: group.id,
      likes: 1,
      likedByMe: false,
    });
    assert.equal(await likeRows(group.id), 1);
    assert.equal((await alice.post(`/api/groups/${group.id}/like`)).json().likes, 2);
  });

  test('a body labelled as JSON, empty or not, is ignored', async () => {
    const group = await seedGroup(app);
    const user = await loggedInBrowser(app);
    const json = { 'content-type': 'application/json' };
    const liked = await user.post(`/api/groups/${group.id}/like`, '', { headers: json });
    assert.equal(liked.statusCode, 200, liked.body);
    assert.equal(liked.json().likes, 1);
    const unliked = await user.delete(`/api/groups/${group.id}/like`, { headers: json, payload: '{}' });
    assert.equal(unliked.statusCode, 200, unliked.body);
    assert.equal(unliked.json().likes, 0);
  });

  test('an unverified or unknown group is a 404', async () => {
    const pending = await seedGroup(app, { verified: false });
    const user = await loggedInBrowser(app);
    for (const path of [`/api/groups/${pending.id}/like`, '/api/groups/999999/like']) {
      const liked = await user.post(path);
      assertProblem(liked, 404, 'NOT_FOUND', path);
      assert.equal((await user.delete(path)).statusCode, 404, path);
    }
    assert.equal(await likeRows(pending.id), 0);
  });

  test('an id that is not a positive integer is a 400 naming id', async () => {
    const user = await loggedInBrowser(app);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await user.post(`/api/groups/${id}/like`);
      assert.equal(response.statusCode, 400, id);
      assert.equal(response.json().errors[0].field, 'id');
    }
  });

  test('without a session: 401; without or with a wrong CSRF token: 403; nothing changes', async () => {
    const group = await seedGroup(app);
    const anonymous = new Browser(app);
    assert.equal((await anonymous.post(`/api/groups/${group.id}/like`)).statusCode, 401);
    assert.equal((await anonymous.delete(`/api/groups/${group.id}/like`)).statusCode, 401);
    const user = await loggedInBrowser(app);
    const missing = await user.post(`/api/groups/${group.id}/like`, undefined, { csrf: false });
    assertProblem(missing, 403, 'CSRF_INVALID');
    const wrong = await user.post(`/api/groups/${group.id}/like`, undefined, {
      headers: { 'x-csrf-token': 'nope' },
    });
    assert.equal(wrong.statusCode, 403);
    assert.equal((await user.delete(`/api/groups/${group.id}/like`, { csrf: false })).statusCode, 403);
    assert.equal(await likeRows(group.id), 0);
  });

  test('200 concurrent likes from 50 users end at exactly 50', async () => {
    const group = await seedGroup(app);
    const passwordHash = await hashPassword('correct horse battery staple');
    const browsers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const username = `racer${i}_${process.pid}`;
        await createUser(app.db, { username, email: `${username}@example.org`, passwordHash });
        // One address each: 50 logins at once from one address would meet the login throttle,
        // which counts an attempt before it checks the password.
        const browser = new Browser(app, `10.0.${i}.1`);
        await browser.login(username, 'correct horse battery staple');
        await browser.token();
        return browser;
      }),
    );
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => browsers[i % 50].post(`/api/groups/${group.id}/like`)),
    );
    assert.deepEqual([...new Set(responses.map((r) => r.statusCode))], [200]);
    assert.ok(responses.every((r) => r.json().likes >= 1 && r.json().likes <= 50));
    const stored = await app.db
      .selectFrom('groups')
      .select('likes')
      .where('id', '=', group.id)
      .executeTakeFirstOrThrow();
    assert.equal(stored.likes, 50);
    assert.equal(await likeRows(group.id), 50);
    assert.equal((await browsers[0].post(`/api/groups/${group.id}/like`)).json().likes, 50);
  });
});

describe('likes racing with an admin delete', () => {
  // The failure this guards against came from the interleaving of three transactions on one
  // group row (like, unlike, delete): 500s and PostgreSQL deadlocks, a few times in every round.
  test('likes, unlikes and the delete of their group answer only 200, 204 or 404 and leave nothing', async () => {
    const admin = await loggedInBrowser(app, { role: 'admin' });
    const users = await Promise.all(Array.from({ length: 5 }, () => loggedInBrowser(app)));
    const statuses = new Map<number, number>();
    for (let round = 0; round < 25; round++) {
      const group = await seedGroup(app);
      await Promise.all(users.map((u) => u.post(`/api/groups/${group.id}/like`)));
      const responses = await Promise.all([
        ...users.map((u, k) =>
          k % 2 ? u.delete(`/api/groups/${group.id}/like`) : u.post(`/api/groups/${group.id}/like`),
        ),
        admin.delete(`/api/admin/groups/${group.id}`),
      ]);
      for (const response of responses) {
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        assert.ok([200, 204, 404].includes(response.statusCode), `${response.statusCode} ${response.body}`);
      }
      assert.equal(responses.at(-1)?.statusCode, 204, 'the delete itself always succeeds');
      const left = await app.db.selectFrom('groups').select('id').where('id', '=', group.id).execute();
      assert.deepEqual(left, []);
      assert.equal(await likeRows(group.id), 0);
    }
    assert.deepEqual(
      [...statuses.keys()].sort(),
      [200, 204, 404].filter((s) => statuses.has(s)),
    );
  });

  test('concurrent likes and unlikes of a group that stays keep its counter equal to its likes', async () => {
    const group = await seedGroup(app);
    const users = await Promise.all(Array.from({ length: 6 }, () => loggedInBrowser(app)));
    for (let round = 0; round < 10; round++) {
      const responses = await Promise.all(
        users.flatMap((u, k) => [
          round % 2 === k % 2
            ? u.post(`/api/groups/${group.id}/like`)
            : u.delete(`/api/groups/${group.id}/like`),
          u.post(`/api/groups/${group.id}/like`),
        ]),
      );
      assert.deepEqual([...new Set(responses.map((r) => r.statusCode))], [200]);
      const row = await app.db
        .selectFrom('groups')
        .select('likes')
        .where('id', '=', group.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.likes, await likeRows(group.id));
    }
  });
});
