import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TRENDING_DAYS } from '../../../src/directory/directory-contract.js';
import { countedTagCounts, storedTagCounts } from '../../../src/directory/stats/stats-repository.js';
import { assertBadRequest } from '../../helpers/assert-problem.js';
import { loggedInBrowser } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { seedGroup } from './group-fixtures.js';

let app: FastifyInstance;
const ids: Record<string, number> = {};

const DAY = 86_400_000;

/** Likes given `daysAgo` days ago by new accounts, the group's like count moved with them. */
async function likes(group: number, count: number, daysAgo: number) {
  for (let i = 0; i < count; i++) {
    const fan = await loggedInBrowser(app);
    await app.db
      .insertInto('group_likes')
      .values({
        group_id: group,
        user_id: fan.userId,
        created_at: new Date(Date.now() - daysAgo * DAY).toISOString(),
      })
      .execute();
  }
  await app.db
    .updateTable('groups')
    .set((eb) => ({ likes: eb('likes', '+', count) }))
    .where('id', '=', group)
    .execute();
}

/** The path and query of the rel="next" link, or null. */
function nextLink(response: LightMyRequestResponse): string | null {
  const match = /^<([^>]+)>; rel="next"$/.exec(String(response.headers.link ?? ''));
  return match ? new URL(match[1]).pathname + new URL(match[1]).search : null;
}

const names = (response: LightMyRequestResponse) => response.json().map((g: { title: string }) => g.title);

/** Every page of a list, followed through its Link headers. */
async function allPages(url: string): Promise<{ titles: string[]; pages: number }> {
  const titles: string[] = [];
  let next: string | null = url;
  let pages = 0;
  while (next) {
    const response: LightMyRequestResponse = await app.inject({ url: next });
    assert.equal(response.statusCode, 200, `${next}: ${response.body}`);
    titles.push(...names(response));
    next = nextLink(response);
    pages += 1;
  }
  return { titles, pages };
}

before(async () => {
  app = await buildTestApp({ groupsPageCacheMs: 0 });
  // Oldest first: G1 … G6, a pending group and a rejected one.
  ids.G1 = (await seedGroup(app, { title: 'G1', tags: 'anime', platform: 'Telegram', category: 'Anime' })).id;
  ids.G2 = (
    await seedGroup(app, { title: 'G2', tags: 'Anime, games', platform: 'Telegram', category: 'anime' })
  ).id;
  ids.G3 = (
    await seedGroup(app, {
      title: 'G3',
      tags: 'games',
      platform: 'Discord',
      inviteLink: 'https://discord.gg/g3',
      category: 'Games',
    })
  ).id;
  ids.G4 = (
    await seedGroup(app, { title: 'G4', tags: 'anime, manga', platform: 'Telegram', category: 'Anime' })
  ).id;
  ids.G5 = (
    await seedGroup(app, {
      title: 'G5',
      tags: 'manga',
      platform: 'Signal',
      inviteLink: 'https://signal.group/#g5',
      category: 'Music',
    })
  ).id;
  ids.G6 = (await seedGroup(app, { title: 'G6', platform: 'Telegram', category: 'Music' })).id;
  ids.pending = (await seedGroup(app, { title: 'Pending', tags: 'anime', verified: false })).id;
  ids.rejected = (await seedGroup(app, { title: 'Rejected', tags: 'anime', verified: false })).id;
  await app.db
    .updateTable('groups')
    .set({ is_verified: 2, rejection_reason: 'No.' })
    .where('id', '=', ids.rejected)
    .execute();

  await likes(ids.G1, 3, TRENDING_DAYS + 13);
  await likes(ids.G2, 2, 1);
  await likes(ids.G4, 1, 2);
  await likes(ids.G4, 2, TRENDING_DAYS + 1);
  await likes(ids.G5, 1, TRENDING_DAYS - 1);
  await likes(ids.pending, 5, 1);
});

describe('GET /api/groups?sort=', () => {
  test('newest first by default', async () => {
    assert.deepEqual(names(await app.inject({ url: '/api/groups' })), ['G6', 'G5', 'G4', 'G3', 'G2', 'G1']);
  });

  test('likes: most liked first, newest first among equals, across pages', async () => {
    const expected = ['G4', 'G1', 'G2', 'G5', 'G6', 'G3'];
    assert.deepEqual(names(await app.inject({ url: '/api/groups?sort=likes' })), expected);
    for (const limit of [1, 2, 4]) {
      const { titles, pages } = await allPages(`/api/groups?sort=likes&limit=${limit}`);
      assert.deepEqual(titles, expected, `limit ${limit}`);
      assert.equal(pages, Math.ceil(expected.length / limit));
    }
  });

  test(`trending: most likes of the last ${TRENDING_DAYS} days first, then all the others newest first, across pages`, async () => {
    const expected = ['G2', 'G5', 'G4', 'G6', 'G3', 'G1'];
    assert.deepEqual(names(await app.inject({ url: '/api/groups?sort=trending' })), expected);
    for (const limit of [1, 2, 3, 5]) {
      const { titles } = await allPages(`/api/groups?sort=trending&limit=${limit}`);
      assert.deepEqual(titles, expected, `limit ${limit}`);
    }
  });

  test('filters combine with every order', async () => {
    assert.deepEqual(names(await app.inject({ url: '/api/groups?sort=likes&platform=telegram' })), [
      'G4',
      'G1',
      'G2',
      'G6',
    ]);
    assert.deepEqual(names(await app.inject({ url: '/api/groups?sort=trending&category=anime' })), [
      'G2',
      'G4',
      'G1',
    ]);
    assert.deepEqual(names(await app.inject({ url: '/api/groups?sort=trending&search=g2' })), ['G2']);
    assert.deepEqual(names(await app.inject({ url: '/api/groups?sort=likes&search=g' })), [
      'G4',
      'G1',
      'G2',
      'G5',
      'G6',
      'G3',
    ]);
    const { titles } = await allPages('/api/groups?sort=trending&tag=manga&limit=1');
    assert.deepEqual(titles, ['G5', 'G4']);
  });

  test('a cursor of another order is a 400 naming cursor', async () => {
    const byLikes = nextLink(await app.inject({ url: '/api/groups?sort=likes&limit=1' }));
    const trending = nextLink(await app.inject({ url: '/api/groups?sort=trending&limit=1' }));
    const newest = nextLink(await app.inject({ url: '/api/groups?limit=1' }));
    assert.ok(byLikes && trending && newest);
    const cursor = (link: string) => new URL(link, 'http://x').searchParams.get('cursor');
    for (const [sort, link] of [
      ['newest', byLikes],
      ['trending', byLikes],
      ['likes', trending],
      ['newest', trending],
      ['likes', newest],
      ['trending', newest],
    ] as const) {
      assertBadRequest(
        await app.inject({ url: `/api/groups?sort=${sort}&cursor=${cursor(link)}` }),
        'cursor',
        sort,
      );
    }
  });

  test('a signed-in request carries likedByMe in every order', async () => {
    const fan = await loggedInBrowser(app);
    await fan.post(`/api/groups/${ids.G3}/like`);
    const list = (await fan.get('/api/groups?sort=trending')).json();
    assert.equal(list[0].title, 'G2');
    assert.deepEqual(
      list.filter((g: { likedByMe: boolean }) => g.likedByMe).map((g: { title: string }) => g.title),
      ['G3'],
    );
    await fan.delete(`/api/groups/${ids.G3}/like`);
  });
});

describe('GET /api/groups?tag=', () => {
  test('only groups with that tag, in any letter case and with a leading #', async () => {
    for (const tag of ['anime', 'ANIME', '%23Anime', '%20anime%20']) {
      assert.deepEqual(names(await app.inject({ url: `/api/groups?tag=${tag}` })), ['G4', 'G2', 'G1'], tag);
    }
    assert.deepEqual(names(await app.inject({ url: '/api/groups?tag=anime&sort=likes' })), [
      'G4',
      'G1',
      'G2',
    ]);
    assert.deepEqual(names(await app.inject({ url: '/api/groups?tag=anime&platform=telegram&search=g4' })), [
      'G4',
    ]);
    assert.deepEqual(names(await app.inject({ url: '/api/groups?tag=nothing' })), []);
    assert.deepEqual(
      names(await app.inject({ url: '/api/groups?tag=' })),
      names(await app.inject({ url: '/api/groups' })),
    );
    const { titles } = await allPages('/api/groups?tag=anime&limit=1');
    assert.deepEqual(titles, ['G4', 'G2', 'G1']);
  });

  test('a tag longer than a tag can be is a 400 naming tag', async () => {
    assertBadRequest(await app.inject({ url: `/api/groups?tag=${'x'.repeat(31)}` }), 'tag');
    assertBadRequest(await app.inject({ url: `/api/groups?tag=${'x'.repeat(41)}` }), 'tag');
  });
});

describe('GET /api/groups/facets', () => {
  test('counts public groups per platform, category and tag; kept by caches for a minute', async () => {
    const response = await app.inject({ url: '/api/groups/facets' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'public, max-age=60');
    assert.ok(response.headers.etag);
    assert.deepEqual(response.json(), {
      platforms: [
        { name: 'Telegram', count: 4 },
        { name: 'Discord', count: 1 },
        { name: 'Signal', count: 1 },
      ],
      categories: [
        { name: 'Anime', count: 3 },
        { name: 'Music', count: 2 },
        { name: 'Games', count: 1 },
      ],
      tags: [
        { name: 'anime', count: 3 },
        { name: 'games', count: 2 },
        { name: 'manga', count: 2 },
      ],
    });
    const again = await app.inject({
      url: '/api/groups/facets',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
  });

  test('follow every change of a public group: hidden, edited, rejected, deleted', async () => {
    const facets = async () => (await app.inject({ url: '/api/groups/facets' })).json();
    const admin = await loggedInBrowser(app, { role: 'admin' });
    await admin.post(`/api/admin/groups/${ids.pending}/verify`);
    assert.deepEqual((await facets()).tags[0], { name: 'anime', count: 4 });
    await admin.post(`/api/admin/groups/${ids.pending}/reject`, { reason: 'No.' });
    assert.deepEqual((await facets()).tags[0], { name: 'anime', count: 3 });
    await app.db.updateTable('groups').set({ is_verified: 3 }).where('id', '=', ids.G2).execute();
    assert.deepEqual((await facets()).tags.slice(0, 2), [
      { name: 'anime', count: 2 },
      { name: 'manga', count: 2 },
    ]);
    await app.db.updateTable('groups').set({ is_verified: 1 }).where('id', '=', ids.G2).execute();
    assert.deepEqual(await storedTagCounts(app.db), await countedTagCounts(app.db));
  });

  test('names the 50 most used tags, most used first, then by name', async () => {
    const fresh = await buildTestApp();
    for (let g = 0; g < 8; g++) {
      const tags = Array.from({ length: 10 }, (_, i) => `t${String(g * 7 + i).padStart(2, '0')}`).join(',');
      await seedGroup(fresh, { tags });
    }
    const { tags } = (await fresh.inject({ url: '/api/groups/facets' })).json();
    assert.equal(tags.length, 50);
    const counted = await countedTagCounts(fresh.db);
    assert.deepEqual(tags, counted.slice(0, 50));
    assert.deepEqual(tags[0], { name: 't07', count: 2 });
  });
});
