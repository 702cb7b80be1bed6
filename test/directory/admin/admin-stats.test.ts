import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { dialectOf } from '../../../src/db/database.js';
import { assertProblem } from '../../helpers/assert-problem.js';
import { Browser, loggedInBrowser } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { seedGroup, submitGroup, VALID_FIELDS } from '../groups/group-fixtures.js';

test('GET /api/admin/stats counts users, groups, likes, platforms and categories after every write', async () => {
  const app = await buildTestApp();
  const admin = await loggedInBrowser(app, { role: 'admin' });
  const stats = async () => {
    const response = await admin.get('/api/admin/stats');
    assert.equal(response.statusCode, 200);
    return response.json();
  };

  assert.deepEqual(await stats(), {
    users: { total: 1, byRole: { admin: 1, user: 0 }, byStatus: { verified: 1, unverified: 0 } },
    groups: { total: 0, verified: 0, unverified: 0, rejected: 0 },
    reports: { open: 0 },
    likes: 0,
    platforms: [],
    categories: [],
  });

  const alice = await loggedInBrowser(app);
  const bob = await loggedInBrowser(app, { verified: true });
  const a = await seedGroup(app, { platform: 'Telegram', category: 'Anime' });
  const b = await seedGroup(app, { platform: 'telegram', category: 'anime' });
  await seedGroup(app, {
    platform: 'Discord',
    inviteLink: 'https://discord.gg/x',
    category: 'Games',
  });
  const pending = (await submitGroup(alice, { ...VALID_FIELDS, category: 'Anime' })).json().group;
  await alice.post(`/api/groups/${a.id}/like`);
  await bob.post(`/api/groups/${a.id}/like`);
  await bob.post(`/api/groups/${b.id}/like`);

  assert.deepEqual(await stats(), {
    users: { total: 3, byRole: { admin: 1, user: 2 }, byStatus: { verified: 2, unverified: 1 } },
    groups: { total: 4, verified: 3, unverified: 1, rejected: 0 },
    reports: { open: 0 },
    likes: 3,
    platforms: [
      { name: 'Telegram', count: 2 },
      { name: 'Discord', count: 1 },
      { name: 'WhatsApp', count: 1 },
    ],
    categories: [
      { name: 'Anime', count: 3 },
      { name: 'Games', count: 1 },
    ],
  });

  await admin.post(`/api/admin/groups/${pending.id}/verify`);
  await bob.delete(`/api/groups/${b.id}/like`);
  await admin.delete(`/api/admin/groups/${a.id}`);
  await admin.post(`/api/admin/users/${alice.userId}/verify`);

  assert.deepEqual(await stats(), {
    users: { total: 3, byRole: { admin: 1, user: 2 }, byStatus: { verified: 3, unverified: 0 } },
    groups: { total: 3, verified: 3, unverified: 0, rejected: 0 },
    reports: { open: 0 },
    likes: 0,
    platforms: [
      { name: 'Discord', count: 1 },
      { name: 'Telegram', count: 1 },
      { name: 'WhatsApp', count: 1 },
    ],
    categories: [
      { name: 'Anime', count: 2 },
      { name: 'Games', count: 1 },
    ],
  });

  assert.equal((await new Browser(app).get('/api/admin/stats')).statusCode, 401);
  const refused = await alice.get('/api/admin/stats');
  assertProblem(refused, 403, 'FORBIDDEN');
});

test('each platform and category shows under its first spelling in code-point order, whatever the collation', async () => {
  const app = await buildTestApp();
  const admin = await loggedInBrowser(app, { role: 'admin' });
  if (dialectOf(app.db) === 'postgres') {
    // As a database created under en_US or another linguistic locale has it: there "anime" sorts
    // before "Anime", so an SQL MIN() would pick the lower-case spelling. The names come from the
    // statistics counters (migration 007).
    await sql`ALTER TABLE stat_counters ALTER COLUMN name TYPE text COLLATE "en-x-icu"`.execute(app.db);
  }
  for (const [platform, category] of [
    ['guilded', 'anime'],
    ['Guilded', 'Anime'],
    ['guilded\u200b', 'Anime.'],
    ['GUILDED', 'anime\u200b'],
  ]) {
    await seedGroup(app, { platform, category, inviteLink: 'https://guilded.gg/x' });
  }
  const stats = (await admin.get('/api/admin/stats')).json();
  assert.deepEqual(stats.platforms, [{ name: 'GUILDED', count: 4 }]);
  assert.deepEqual(stats.categories, [{ name: 'Anime', count: 4 }]);
  assert.deepEqual((await app.inject({ url: '/api/public/stats' })).json().platforms, ['GUILDED']);
});
