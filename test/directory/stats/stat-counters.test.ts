import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import {
  countedStatCounters,
  countedTagCounts,
  recountStatCounters,
  storedStatCounters,
  storedTagCounts,
} from '../../../src/directory/stats/stats-repository.js';
import { updateUser } from '../../../src/directory/users/users-repository.js';
import { seededRandom } from '../../../src/lib/deterministic.js';
import { Browser, loggedInBrowser } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { editGroup, submitGroup } from '../groups/group-fixtures.js';

type Counter = { metric: string; key: string; name: string; verified: number; shard: number; count: number };

const sorted = (rows: Counter[]) =>
  rows
    .map(({ metric, key, name, verified, shard, count }) => ({ metric, key, name, verified, shard, count }))
    .sort((a, b) => {
      const ka = `${a.metric}|${a.key}|${a.name}|${a.verified}|${a.shard}`;
      const kb = `${b.metric}|${b.key}|${b.name}|${b.verified}|${b.shard}`;
      return ka < kb ? -1 : 1;
    });

async function assertExact(app: FastifyInstance, when: string) {
  assert.deepEqual(sorted(await storedStatCounters(app.db)), sorted(await countedStatCounters(app.db)), when);
  assert.deepEqual(await storedTagCounts(app.db), await countedTagCounts(app.db), `${when}: tag counts`);
  // The tag filter's table holds every group's tags, whatever its state.
  const groups = await app.db.selectFrom('groups').select(['id', 'tags']).execute();
  const expected = groups
    .flatMap((g) => (JSON.parse(g.tags) as string[]).map((tag) => `${tag}|${g.id}`))
    .sort();
  const stored = (await app.db.selectFrom('group_tags').selectAll().execute())
    .map((r) => `${r.tag}|${r.group_id}`)
    .sort();
  assert.deepEqual(stored, expected, `${when}: group tags`);
}

const PLATFORMS = [
  ['WhatsApp', 'https://chat.whatsapp.com/'],
  ['whatsapp', 'https://chat.whatsapp.com/'],
  ['Telegram', 'https://t.me/'],
  ['Discord', 'https://discord.gg/'],
  ['Guilded', 'https://guilded.gg/'],
  ['guilded', 'https://guilded.gg/'],
] as const;
const CATEGORIES = ['Anime', 'anime', 'Games', 'Music', 'Ânime'];
const TAGS = ['anime', 'manga', 'games', 'music', 'chat'];

test('the counters equal a full recount after random registrations, submissions, edits, verifications, rejections, reports, likes, unlikes and deletions, some at once', async () => {
  // A low threshold, so that groups are hidden by reports and come back now and then.
  const app = await buildTestApp({ reportHideThreshold: 1 });
  const random = seededRandom('stat-counters');
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const admin = await loggedInBrowser(app, { role: 'admin' });
  const users = [await loggedInBrowser(app), await loggedInBrowser(app, { verified: true })];
  const groups: number[] = [];
  const owners = new Map<number, Browser & { userId: number }>();
  const reports: number[] = [];
  let n = 0;
  const tags = () => TAGS.filter(() => random() < 0.4).join(', ');

  const operations: Record<string, () => Promise<unknown>> = {
    async register() {
      n += 1;
      const response = await new Browser(app).post('/api/auth/register', {
        username: `reg${n}_${process.pid}`,
        email: `reg${n}_${process.pid}@example.org`,
        password: 'a long enough password',
      });
      assert.equal(response.statusCode, 201, response.body);
    },
    async newUser() {
      users.push(await loggedInBrowser(app, { verified: random() < 0.5 }));
    },
    async submit() {
      n += 1;
      const [platform, link] = pick(PLATFORMS);
      const owner = pick(users);
      const response = await submitGroup(owner, {
        title: `Group ${n}`,
        platform,
        category: pick(CATEGORIES),
        inviteLink: `${link}g${n}`,
        description: 'Random group.',
        tags: tags(),
      });
      assert.equal(response.statusCode, 201, response.body);
      groups.push(response.json().group.id);
      owners.set(response.json().group.id, owner);
    },
    async edit() {
      if (groups.length === 0) return;
      const id = pick(groups);
      const owner = owners.get(id);
      if (!owner) return;
      const fields: Record<string, string> =
        random() < 0.5 ? { category: pick(CATEGORIES), tags: tags() } : { title: `Renamed ${n}` };
      await editGroup(owner, id, fields);
    },
    async ownerDelete() {
      if (groups.length === 0) return;
      const id = groups[Math.floor(random() * groups.length)];
      const owner = owners.get(id);
      if (owner && (await owner.delete(`/api/groups/${id}`)).statusCode === 204)
        groups.splice(groups.indexOf(id), 1);
    },
    async reject() {
      if (groups.length > 0)
        await admin.post(`/api/admin/groups/${pick(groups)}/reject`, { reason: 'Random.' });
    },
    async report() {
      if (groups.length === 0) return;
      const response = await pick(users).post(`/api/groups/${pick(groups)}/reports`, { reason: 'spam' });
      if (response.statusCode === 201) reports.push(response.json().report.id);
    },
    async decide() {
      if (reports.length > 0)
        await admin.post(`/api/admin/reports/${pick(reports)}/${pick(['resolve', 'dismiss'])}`);
    },
    async verify() {
      if (groups.length > 0) await admin.post(`/api/admin/groups/${pick(groups)}/verify`);
    },
    async like() {
      if (groups.length > 0) await pick(users).post(`/api/groups/${pick(groups)}/like`);
    },
    async unlike() {
      if (groups.length > 0) await pick(users).delete(`/api/groups/${pick(groups)}/like`);
    },
    async deleteGroup() {
      if (groups.length === 0) return;
      const id = groups.splice(Math.floor(random() * groups.length), 1)[0];
      await admin.delete(`/api/admin/groups/${id}`);
    },
    async verifyUser() {
      await admin.post(`/api/admin/users/${pick(users).userId}/verify`);
    },
    // No route changes a role or removes an account; the operator's commands do, straight in the
    // database, and the triggers count those too.
    async changeRole() {
      await updateUser(app.db, pick(users).userId, { role: random() < 0.5 ? 'admin' : 'user' });
    },
    async deleteUser() {
      if (users.length <= 2) return;
      const [gone] = users.splice(2 + Math.floor(random() * (users.length - 2)), 1);
      await app.db.deleteFrom('users').where('id', '=', gone.userId).execute();
    },
  };
  const weighted = [
    ...Array(2).fill('register'),
    ...Array(2).fill('newUser'),
    ...Array(10).fill('submit'),
    ...Array(5).fill('verify'),
    ...Array(2).fill('edit'),
    'ownerDelete',
    'reject',
    ...Array(4).fill('report'),
    ...Array(2).fill('decide'),
    ...Array(6).fill('like'),
    ...Array(3).fill('unlike'),
    ...Array(2).fill('deleteGroup'),
    'verifyUser',
    'changeRole',
    'deleteUser',
  ];

  for (let round = 1; round <= 16; round++) {
    // A few one after the other, then a few at the same time.
    for (let i = 0; i < 4; i++) await operations[pick(weighted)]();
    await Promise.all(Array.from({ length: 6 }, () => operations[pick(weighted)]()));
    await assertExact(app, `after round ${round}`);
  }

  const stats = (await admin.get('/api/admin/stats')).json();
  assert.ok(stats.groups.total > 10, `only ${stats.groups.total} groups`);
  assert.ok(stats.likes > 0, 'no likes');
  assert.ok(stats.platforms.length > 1);
  const rejected = await app.db.selectFrom('groups').select('id').where('is_verified', '=', 2).execute();
  assert.equal(stats.groups.rejected, rejected.length);
  const reportRows = await app.db.selectFrom('group_reports').select('status').execute();
  assert.equal(stats.reports.open, reportRows.filter((r) => r.status === 'open').length);
  assert.ok(
    reportRows.some((r) => r.status !== 'open'),
    'no report decided',
  );
});

test('likes on one group at the same time, and a delete among them, keep the counters exact', async () => {
  const app = await buildTestApp();
  const admin = await loggedInBrowser(app, { role: 'admin' });
  const owner = await loggedInBrowser(app);
  const fans = await Promise.all(Array.from({ length: 8 }, () => loggedInBrowser(app)));
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const response = await submitGroup(owner, {
      title: `Busy ${i}`,
      platform: 'Telegram',
      category: 'Chat',
      inviteLink: `https://t.me/busy${i}`,
      description: 'Many likes.',
    });
    ids.push(response.json().group.id);
    await admin.post(`/api/admin/groups/${ids[i]}/verify`);
  }
  await Promise.all([
    ...fans.flatMap((fan) => ids.map((id) => fan.post(`/api/groups/${id}/like`))),
    ...fans.slice(0, 4).map((fan) => fan.delete(`/api/groups/${ids[0]}/like`)),
    admin.delete(`/api/admin/groups/${ids[1]}`),
  ]);
  await assertExact(app, 'after the rush');
  const stats = (await app.inject({ url: '/api/public/stats' })).json();
  const [left] = await Promise.all([
    app.db
      .selectFrom('groups')
      .select((eb) => eb.fn.sum<number>('likes').as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  assert.equal(stats.total_likes, Number(left.n));
});

test('a recount rebuilds counters that went wrong', async () => {
  const app = await buildTestApp();
  await loggedInBrowser(app);
  await app.db.updateTable('stat_counters').set({ count: 999 }).execute();
  await app.db
    .insertInto('stat_counters')
    .values({ metric: 'groups', key: '', name: '', verified: 1, shard: 3, count: 5 })
    .execute();
  await recountStatCounters(app.db);
  await assertExact(app, 'after the recount');
  assert.equal((await app.inject({ url: '/api/public/stats' })).json().members, 1);
});

test('statements that write many rows at once move the counters by all of them', async () => {
  const app = await buildTestApp();
  const admin = await loggedInBrowser(app, { role: 'admin' });
  const rows = Array.from({ length: 40 }, (_, i) => ({
    title: `Bulk ${i}`,
    platform: i % 2 ? 'Telegram' : 'telegram',
    platform_key: 'telegram',
    category: i % 3 ? 'Anime' : 'Games',
    category_key: i % 3 ? 'anime' : 'games',
    invite_link: `https://t.me/bulk${i}`,
    description: 'Bulk.',
    tags: '[]',
    search_text: ' bulk ',
    likes: i % 4,
    is_verified: i % 2,
    submitted_by: admin.userId,
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    verified_at: null,
  }));
  await app.db.insertInto('groups').values(rows).execute();
  await assertExact(app, 'after one insert of 40 rows');
  await app.db
    .updateTable('groups')
    .set({ is_verified: 1, likes: 7 })
    .where('title', 'like', 'Bulk 1%')
    .execute();
  await app.db
    .updateTable('groups')
    .set({ category: 'Music', category_key: 'music' })
    .where('likes', '=', 2)
    .execute();
  await assertExact(app, 'after updates of many rows');
  await app.db.deleteFrom('groups').where('is_verified', '=', 0).execute();
  await assertExact(app, 'after a delete of many rows');
  const stats = (await admin.get('/api/admin/stats')).json();
  assert.equal(stats.groups.unverified, 0);
  assert.equal(
    stats.likes,
    Number(
      (
        await app.db
          .selectFrom('groups')
          .select((eb) => eb.fn.sum<number>('likes').as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );
});
