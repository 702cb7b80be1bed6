import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { logoKey } from '../../../src/directory/groups/logo-store.js';
import { countedTagCounts, storedTagCounts } from '../../../src/directory/stats/stats-repository.js';
import { assertBadRequest, assertProblem } from '../../helpers/assert-problem.js';
import { Browser, loggedInBrowser } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { editGroup, imageBytes, submitGroup, VALID_FIELDS } from './group-fixtures.js';

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof loggedInBrowser>>;
let owner: Awaited<ReturnType<typeof loggedInBrowser>>;
let stranger: Awaited<ReturnType<typeof loggedInBrowser>>;

before(async () => {
  app = await buildTestApp();
  admin = await loggedInBrowser(app, { role: 'admin' });
  owner = await loggedInBrowser(app);
  stranger = await loggedInBrowser(app);
});

let made = 0;

/** A group of the owner's, verified unless told otherwise. */
async function ownGroup(fields: Record<string, string> = {}, verified = true) {
  made += 1;
  const response = await submitGroup(owner, {
    ...VALID_FIELDS,
    title: `Edited ${made}`,
    inviteLink: `https://chat.whatsapp.com/Edit${made}`,
    tags: 'anime, manga',
    ...fields,
  });
  assert.equal(response.statusCode, 201, response.body);
  const id: number = response.json().group.id;
  if (verified) assert.equal((await admin.post(`/api/admin/groups/${id}/verify`)).statusCode, 200);
  return id;
}

const stored = (id: number) =>
  app.db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const publicIds = async (query = '') =>
  (await app.inject({ url: `/api/groups?limit=100${query}` })).json().map((g: { id: number }) => g.id);

describe('PATCH /api/groups/:id', () => {
  test('changes only the fields sent; description, category and tags apply at once and keep it public', async () => {
    const id = await ownGroup();
    const before = await stored(id);
    const response = await editGroup(owner, id, {
      description: 'Ninjas, ramen and the Hidden Leaf.',
      category: 'Manga',
      tags: 'Shonen, #Ninja',
    });
    assert.equal(response.statusCode, 200, response.body);
    const { group } = response.json();
    assert.equal(group.description, 'Ninjas, ramen and the Hidden Leaf.');
    assert.equal(group.category, 'Manga');
    assert.deepEqual(group.tags, ['shonen', 'ninja']);
    assert.equal(group.title, before.title);
    assert.equal(group.inviteLink, before.invite_link);
    assert.equal(group.status, 'verified');
    assert.equal(group.isVerified, true);
    assert.equal(group.rejectionReason, null);
    assert.equal(group.likedByMe, false);
    assert.ok((await publicIds()).includes(id));
    // The search index follows the new words, and forgets the old ones.
    assert.ok((await publicIds('&search=hidden%20leaf')).includes(id));
    assert.ok(!(await publicIds('&search=boruto')).includes(id));
    assert.ok((await publicIds('&tag=ninja')).includes(id));
    assert.ok(!(await publicIds('&tag=anime')).includes(id));
    assert.ok((await publicIds('&category=manga')).includes(id));
    assert.deepEqual(await storedTagCounts(app.db), await countedTagCounts(app.db));
  });

  test('a new title, invite link, logo or outside image sends it back to review', async () => {
    for (const [field, value] of [
      ['title', 'A brand new name'],
      ['inviteLink', 'https://chat.whatsapp.com/NewLink'],
      ['externalImageUrl', 'https://images.example.org/new.png'],
      ['logo', { bytes: await imageBytes('png'), filename: 'new.png', type: 'image/png' }],
    ] as const) {
      const id = await ownGroup();
      const response = await editGroup(owner, id, { [field]: value });
      assert.equal(response.statusCode, 200, `${field}: ${response.body}`);
      assert.equal(response.json().group.status, 'pending', field);
      assert.equal(response.json().group.isVerified, false, field);
      assert.ok(!(await publicIds()).includes(id), field);
      assert.equal((await app.inject({ url: `/api/groups/${id}` })).statusCode, 404, field);
      // Its owner still sees it, as admins do.
      assert.equal((await owner.get(`/api/groups/${id}`)).json().group.status, 'pending', field);
      const verified = await admin.post(`/api/admin/groups/${id}/verify`);
      assert.equal(verified.json().group.status, 'verified', field);
    }
  });

  test('sending a reviewed field unchanged changes nothing', async () => {
    const id = await ownGroup();
    const before = await stored(id);
    const response = await editGroup(owner, id, { title: before.title, inviteLink: before.invite_link });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().group.status, 'verified');
    assert.deepEqual(await stored(id), before);
  });

  test('a pending group stays pending; any change to a rejected one resubmits it', async () => {
    const pending = await ownGroup({}, false);
    assert.equal(
      (await editGroup(owner, pending, { description: 'Still waiting.' })).json().group.status,
      'pending',
    );

    const rejected = await ownGroup();
    await admin.post(`/api/admin/groups/${rejected}/reject`, { reason: 'The description is empty talk.' });
    const response = await editGroup(owner, rejected, { description: 'A real description now.' });
    assert.equal(response.json().group.status, 'pending');
    assert.equal(response.json().group.rejectionReason, null);
  });

  test('a new logo replaces the old file in the storage', async () => {
    const id = await ownGroup({});
    const first = await editGroup(owner, id, {
      logo: { bytes: await imageBytes('png'), filename: 'a.png', type: 'image/png' },
    });
    const firstFile = logoKey(first.json().group.logoUrl.split('/').pop());
    assert.ok(await app.blobs.exists(firstFile));
    const second = await editGroup(owner, id, {
      logo: { bytes: await imageBytes('jpeg'), filename: 'b.jpg', type: 'image/jpeg' },
    });
    assert.equal(second.statusCode, 200, second.body);
    const secondFile = logoKey(second.json().group.logoUrl.split('/').pop());
    assert.notEqual(secondFile, firstFile);
    assert.ok(await app.blobs.exists(secondFile));
    assert.equal(await app.blobs.exists(firstFile), false);
  });

  test('an empty outside image or tags takes them away; an empty logo file changes nothing', async () => {
    const id = await ownGroup({ externalImageUrl: 'https://images.example.org/a.png' });
    await admin.post(`/api/admin/groups/${id}/verify`);
    const response = await editGroup(owner, id, {
      tags: '',
      logo: { bytes: Buffer.alloc(0), filename: '', type: 'application/octet-stream' },
    });
    assert.equal(response.json().group.status, 'verified');
    assert.deepEqual(response.json().group.tags, []);
    const cleared = await editGroup(owner, id, { externalImageUrl: '' });
    assert.equal(cleared.json().group.externalImageUrl, null);
    assert.equal(cleared.json().group.status, 'pending');
  });

  test('an edit that breaks the submission rules is a 400 naming the field, and changes nothing', async () => {
    const id = await ownGroup();
    const before = await stored(id);
    for (const [fields, field] of [
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(121) }, 'title'],
      [{ inviteLink: 'https://t.me/notwhatsapp' }, 'inviteLink'],
      [{ inviteLink: 'javascript:alert(1)' }, 'inviteLink'],
      [{ description: '\u0000 ' }, 'description'],
      [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(',') }, 'tags'],
      [{ externalImageUrl: 'http://images.example.org/a.png' }, 'externalImageUrl'],
      [{ platform: 'Telegram' }, 'platform'],
      [{ isVerified: 'true' }, 'isVerified'],
      [{ description: 'fine', category: '' }, 'category'],
    ] as const) {
      assertBadRequest(await editGroup(owner, id, fields), field, JSON.stringify(fields));
    }
    const logo = await editGroup(owner, id, {
      title: 'Would be new',
      logo: { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'x.svg' },
    });
    assertProblem(logo, 415, 'UNSUPPORTED_MEDIA_TYPE');
    assert.deepEqual(await stored(id), before);
  });

  test("someone else's group is a 403, an unknown one a 404; nothing changes", async () => {
    const id = await ownGroup();
    const before = await stored(id);
    assertProblem(await editGroup(stranger, id, { description: 'Mine now.' }), 403, 'FORBIDDEN');
    // Admins moderate; they do not edit other people's listings.
    assertProblem(await editGroup(admin, id, { description: 'Mine now.' }), 403, 'FORBIDDEN');
    assertProblem(await editGroup(owner, 2147483647, { description: 'x' }), 404, 'NOT_FOUND');
    assert.deepEqual(await stored(id), before);
  });

  test('needs a session (401), the CSRF token (403) and a multipart body (415)', async () => {
    const id = await ownGroup();
    const before = await stored(id);
    assertProblem(await editGroup(new Browser(app), id, { description: 'x' }), 401, 'UNAUTHENTICATED');
    assertProblem(await editGroup(owner, id, { description: 'x' }, { csrf: false }), 403, 'CSRF_INVALID');
    const json = await owner.request({
      method: 'PATCH',
      url: `/api/groups/${id}`,
      payload: { description: 'x' },
    });
    assertProblem(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    assert.deepEqual(await stored(id), before);
  });
});

describe('DELETE /api/groups/:id', () => {
  test('the owner deletes their group, with its logo, likes and reports', async () => {
    const id = await ownGroup({});
    const edited = await editGroup(owner, id, {
      logo: { bytes: await imageBytes('png'), filename: 'a.png', type: 'image/png' },
    });
    const file = logoKey(edited.json().group.logoUrl.split('/').pop());
    await admin.post(`/api/admin/groups/${id}/verify`);
    await stranger.post(`/api/groups/${id}/like`);
    await stranger.post(`/api/groups/${id}/reports`, { reason: 'spam' });
    const response = await owner.delete(`/api/groups/${id}`);
    assert.equal(response.statusCode, 204);
    assert.equal(response.body, '');
    assert.equal((await owner.get(`/api/groups/${id}`)).statusCode, 404);
    assert.equal(await app.blobs.exists(file), false);
    const reports = await app.db
      .selectFrom('group_reports')
      .select('id')
      .where('group_id', '=', id)
      .execute();
    assert.deepEqual(reports, []);
    assertProblem(await owner.delete(`/api/groups/${id}`), 404, 'NOT_FOUND');
  });

  test("someone else's group is a 403 and stays; no session 401; no CSRF token 403", async () => {
    const id = await ownGroup();
    assertProblem(await stranger.delete(`/api/groups/${id}`), 403, 'FORBIDDEN');
    assertProblem(await new Browser(app).delete(`/api/groups/${id}`), 401, 'UNAUTHENTICATED');
    assertProblem(await owner.delete(`/api/groups/${id}`, { csrf: false }), 403, 'CSRF_INVALID');
    assert.equal((await app.inject({ url: `/api/groups/${id}` })).statusCode, 200);
  });
});
