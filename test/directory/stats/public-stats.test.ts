import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Browser, loggedInBrowser } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { seedGroup, submitGroup, VALID_FIELDS } from '../groups/group-fixtures.js';

test('GET /api/public/stats has exactly the documented fields and follows every kind of write', async () => {
  const app = await buildTestApp();
  const stats = async () => {
    const response = await app.inject({ url: '/api/public/stats' });
    assert.equal(response.statusCode, 200);
    return response.json();
  };

  assert.deepEqual(await stats(), {
    members: 0,
    groups_total: 0,
    groups_verified: 0,
    total_likes: 0,
    platforms: [],
  });

  const admin = await loggedInBrowser(app, { role: 'admin' });
  const alice = await loggedInBrowser(app);
  const registered = await new Browser(app).post('/api/auth/register', {
    username: 'newcomer',
    email: 'newcomer@example.org',
    password: 'long enough password',
  });
  assert.equal(registered.statusCode, 201);

  const telegram = await seedGroup(app, { platform: 'Telegram' });
  await seedGroup(app, { platform: 'Guilded', inviteLink: 'https://guilded.gg/x' });
  await seedGroup(app, { platform: 'discord', inviteLink: 'https://discord.gg/x' });
  const pending = (await submitGroup(alice, { ...VALID_FIELDS, platform: 'WhatsApp' })).json().group;
  await alice.post(`/api/groups/${telegram.id}/like`);
  await admin.post(`/api/groups/${telegram.id}/like`);

  assert.deepEqual(await stats(), {
    members: 3,
    groups_total: 4,
    groups_verified: 3,
    total_likes: 2,
    platforms: ['Discord', 'Guilded', 'Telegram'],
  });

  await admin.post(`/api/admin/groups/${pending.id}/verify`);
  assert.deepEqual((await stats()).platforms, ['Discord', 'Guilded', 'Telegram', 'WhatsApp']);

  await alice.delete(`/api/groups/${telegram.id}/like`);
  assert.equal((await stats()).total_likes, 1);

  await admin.delete(`/api/admin/groups/${telegram.id}`);
  assert.deepEqual(await stats(), {
    members: 3,
    groups_total: 3,
    groups_verified: 3,
    total_likes: 0,
    platforms: ['Discord', 'Guilded', 'WhatsApp'],
  });
});
