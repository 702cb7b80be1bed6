import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app.js';
import { loggedInBrowser } from '../../helpers/browser.js';
import { createTestResources, type TestResources, testConfig } from '../../helpers/test-app.js';
import { seedGroup } from './group-fixtures.js';

const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

/**
 * Pub/sub delivery is asynchronous: the writer's PUBLISH has returned, but the other instance runs
 * its message handler on a later turn of the event loop. Asks again for a moment; with a page
 * lifetime of a minute, only the invalidation can make the answer change in that time.
 */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return true;
    await sleep(10);
  }
  return false;
}

describe('two instances on one database and one Redis', {
  skip: !shared && 'needs TEST_DATABASE_URL and TEST_REDIS_URL',
}, () => {
  let resources: TestResources;
  let a: FastifyInstance;
  let b: FastifyInstance;

  before(async () => {
    resources = await createTestResources();
    // Same database, data dir and Redis prefix: two instances of one deployment. A page lifetime
    // far longer than the test, so an expiry can never be what makes a page fresh.
    const config = { ...testConfig(resources), groupsPageCacheMs: 60_000 };
    a = await buildApp(config, { logger: false });
    b = await buildApp(config, { logger: false });
  });

  after(async () => {
    await a?.close();
    await b?.close();
    await resources?.release();
  });

  const titlesOn = async (app: FastifyInstance) =>
    (await app.inject({ url: '/api/groups' })).json().map((g: { title: string }) => g.title) as string[];
  const likesOn = async (app: FastifyInstance, id: number) =>
    (await app.inject({ url: '/api/groups' })).json().find((g: { id: number }) => g.id === id)
      ?.likes as number;

  test('B caches its pages: a row written behind its back stays unseen', async () => {
    await seedGroup(a, { title: 'First' });
    assert.deepEqual(await titlesOn(b), ['First']);
    await seedGroup(a, { title: 'Written behind the back' });
    assert.deepEqual(await titlesOn(b), ['First']);
  });

  test('a verify on A is public on B at once, not after B’s page lifetime', async () => {
    const admin = await loggedInBrowser(a, { role: 'admin' });
    const pending = await seedGroup(a, { title: 'Pending', verified: false });
    assert.ok(!(await titlesOn(b)).includes('Pending'));
    assert.equal((await admin.post(`/api/admin/groups/${pending.id}/verify`)).statusCode, 200);
    assert.ok(
      await eventually(async () => (await titlesOn(b)).includes('Pending')),
      'B shows the verified group',
    );
  });

  test('likes, unlikes and deletes on A reach B’s pages too', async () => {
    const admin = await loggedInBrowser(a, { role: 'admin' });
    const user = await loggedInBrowser(a);
    const group = await seedGroup(a, { title: 'Liked', createdAt: '2030-01-01T00:00:00.000Z' });
    await admin.post(`/api/admin/groups/${group.id}/verify`);
    assert.ok(await eventually(async () => (await likesOn(b, group.id)) === 0));

    assert.equal((await user.post(`/api/groups/${group.id}/like`)).statusCode, 200);
    assert.ok(await eventually(async () => (await likesOn(b, group.id)) === 1), 'like');
    assert.equal((await user.delete(`/api/groups/${group.id}/like`)).statusCode, 200);
    assert.ok(await eventually(async () => (await likesOn(b, group.id)) === 0), 'unlike');
    assert.equal((await admin.delete(`/api/admin/groups/${group.id}`)).statusCode, 204);
    assert.ok(await eventually(async () => !(await titlesOn(b)).includes('Liked')), 'delete');
  });

  test('B’s own writes reach A the same way', async () => {
    assert.ok((await titlesOn(a)).length > 0);
    const admin = await loggedInBrowser(b, { role: 'admin' });
    const pending = await seedGroup(b, { title: 'Verified on B', verified: false });
    assert.equal((await admin.post(`/api/admin/groups/${pending.id}/verify`)).statusCode, 200);
    assert.ok(await eventually(async () => (await titlesOn(a)).includes('Verified on B')));
  });
});
