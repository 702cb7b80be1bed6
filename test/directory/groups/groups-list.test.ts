import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { assertProblem } from '../../helpers/assert-problem.js';
import { Browser, loggedInBrowser } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { seedGroup, submitGroup, VALID_FIELDS } from './group-fixtures.js';

let app: FastifyInstance;

const titles = (response: { json(): Array<{ title: string }> }) => response.json().map((g) => g.title);
const list = (query = '') => app.inject({ url: `/api/groups${query}` });

/** The path and query of the rel="next" link, or null. */
function nextLink(response: { headers: Record<string, unknown> }): string | null {
  const header = response.headers.link;
  if (header === undefined) return null;
  const match = /^<([^>]+)>; rel="next"$/.exec(String(header));
  assert.ok(match, `Link header: ${header}`);
  const url = new URL(match[1]);
  return url.pathname + url.search;
}

before(async () => {
  app = await buildTestApp();
  await seedGroup(app, {
    title: 'Naruto Fans',
    platform: 'WhatsApp',
    inviteLink: 'https://chat.whatsapp.com/naruto',
    category: 'Anime',
    description: 'Ninjas and ramen.',
    tags: 'manga, shonen',
  });
  await seedGroup(app, {
    title: 'Café Lovers',
    platform: 'Telegram',
    category: 'Food',
    description: 'Coffee every morning.',
    tags: 'coffee',
  });
  await seedGroup(app, {
    title: 'Pending Anime Club',
    platform: 'Telegram',
    category: 'Anime',
    description: 'Not verified yet.',
    verified: false,
  });
  await seedGroup(app, {
    title: 'Shonen Jump Readers',
    platform: 'Discord',
    inviteLink: 'https://discord.gg/jump',
    category: 'anime',
    description: 'Weekly chapters of One Piece.',
    tags: 'Manga',
  });
  await seedGroup(app, {
    title: 'Guilded Gamers',
    platform: 'Guilded',
    inviteLink: 'https://guilded.gg/gamers',
    category: 'Games',
    description: 'Ranked matches.',
  });
});

describe('GET /api/groups', () => {
  test('lists verified groups only, newest first, as a JSON array', async () => {
    const response = await list();
    assert.equal(response.statusCode, 200);
    assert.ok(Array.isArray(response.json()));
    assert.deepEqual(titles(response), [
      'Guilded Gamers',
      'Shonen Jump Readers',
      'Café Lovers',
      'Naruto Fans',
    ]);
    assert.equal(response.headers.link, undefined);
    for (const group of response.json()) {
      assert.equal(group.isVerified, true);
      assert.equal('likedByMe' in group, false);
    }
  });

  test('platform matches exactly, in any letter case', async () => {
    assert.deepEqual(titles(await list('?platform=telegram')), ['Café Lovers']);
    assert.deepEqual(titles(await list('?platform=WHATSAPP')), ['Naruto Fans']);
    assert.deepEqual(titles(await list('?platform=guilded')), ['Guilded Gamers']);
    assert.deepEqual(titles(await list('?platform=Tele')), []);
    assert.deepEqual(titles(await list('?platform=Nowhere')), []);
  });

  test('category matches exactly, in any letter case', async () => {
    assert.deepEqual(titles(await list('?category=ANIME')), ['Shonen Jump Readers', 'Naruto Fans']);
    assert.deepEqual(titles(await list('?category=anim')), []);
  });

  test('invisible characters, sentence punctuation at the end and look-alike letters split no filter', async () => {
    assert.deepEqual(titles(await list('?platform=WhatsApp%E2%80%8B')), ['Naruto Fans']);
    assert.deepEqual(titles(await list(`?platform=${encodeURIComponent('Wh\u0430tsApp')}`)), ['Naruto Fans']);
    assert.deepEqual(titles(await list('?platform=whatsapp.')), ['Naruto Fans']);
    assert.deepEqual(titles(await list('?platform=Guilded%C2%AD')), ['Guilded Gamers']);
    const anime = ['Shonen Jump Readers', 'Naruto Fans'];
    assert.deepEqual(titles(await list('?category=Anime.')), anime);
    assert.deepEqual(titles(await list('?category=An%E2%80%8Bime')), anime);
  });

  test('search finds words in title, description and tags, ignoring case and accents', async () => {
    assert.deepEqual(titles(await list('?search=naruto')), ['Naruto Fans']);
    assert.deepEqual(titles(await list('?search=RAMEN')), ['Naruto Fans']);
    assert.deepEqual(titles(await list('?search=manga')), ['Shonen Jump Readers', 'Naruto Fans']);
    assert.deepEqual(titles(await list('?search=cafe')), ['Café Lovers']);
    assert.deepEqual(titles(await list(`?search=${encodeURIComponent('CAFÉ')}`)), ['Café Lovers']);
    assert.deepEqual(titles(await list('?search=piece')), ['Shonen Jump Readers']);
  });

  test('a search word matches the start of a word, not its middle', async () => {
    assert.deepEqual(titles(await list('?search=nar')), ['Naruto Fans']);
    assert.deepEqual(titles(await list('?search=aruto')), []);
  });

  test('search words and filters all combine with AND', async () => {
    assert.deepEqual(titles(await list('?search=manga%20ninjas')), ['Naruto Fans']);
    assert.deepEqual(titles(await list('?search=manga&platform=discord')), ['Shonen Jump Readers']);
    assert.deepEqual(titles(await list('?search=manga&platform=discord&category=food')), []);
    assert.deepEqual(titles(await list('?category=anime&platform=whatsapp')), ['Naruto Fans']);
  });

  test('unverified groups never show, whatever the filter', async () => {
    assert.deepEqual(titles(await list('?search=pending')), []);
  });

  test('wildcard characters in a search are plain text', async () => {
    // As LIKE wildcards these would match "naruto"; as text they are word breaks.
    assert.deepEqual(titles(await list('?search=n_ruto')), []);
    assert.deepEqual(titles(await list('?search=%25aruto')), []);
    assert.deepEqual(titles(await list('?search=%25')), titles(await list()));
  });

  test('control characters in filters are harmless', async () => {
    for (const query of ['?platform=%00', '?category=a%00b', '?search=%00naruto']) {
      const response = await list(query);
      assert.equal(response.statusCode, 200, query);
    }
    assert.deepEqual(titles(await list('?search=%00naruto')), ['Naruto Fans']);
  });

  test('empty filters are no filters', async () => {
    assert.deepEqual(titles(await list('?platform=&category=&search=')), titles(await list()));
  });

  test('pages with limit and a cursor, announcing the next page in a Link header', async () => {
    const seen: string[] = [];
    let path: string | null = '/api/groups?limit=2';
    let pages = 0;
    while (path) {
      const response: LightMyRequestResponse = await app.inject({ url: path });
      assert.equal(response.statusCode, 200);
      assert.ok(response.json().length <= 2);
      seen.push(...titles(response));
      path = nextLink(response);
      pages += 1;
    }
    assert.equal(pages, 2);
    assert.deepEqual(seen, titles(await list()));
  });

  test('the next link keeps the filters and is absolute', async () => {
    const first = await list('?category=anime&limit=1');
    assert.match(String(first.headers.link), /^<http:\/\/localhost:80\/api\/groups\?/);
    const next = nextLink(first);
    assert.ok(next?.includes('category=anime'));
    const second = await app.inject({ url: next as string });
    assert.deepEqual(titles(second), ['Naruto Fans']);
    assert.equal(nextLink(second), null);
  });

  test('the next link follows the host the request came in through', async () => {
    const a = await app.inject({ url: '/api/groups?limit=1', headers: { host: 'one.example' } });
    const b = await app.inject({ url: '/api/groups?limit=1', headers: { host: 'two.example' } });
    assert.match(String(a.headers.link), /^<http:\/\/one\.example\/api\/groups\?/);
    assert.match(String(b.headers.link), /^<http:\/\/two\.example\/api\/groups\?/);
    assert.deepEqual(a.json(), b.json());
  });

  test('with GROUPS_PAGE_CACHE_MS=0 every request reads the database', async () => {
    const uncached = await buildTestApp({ groupsPageCacheMs: 0 });
    assert.deepEqual((await uncached.inject({ url: '/api/groups' })).json(), []);
    // Written behind the routes' back, as another instance would: seen at once without the cache.
    await seedGroup(uncached, { title: 'From elsewhere' });
    assert.deepEqual(titles(await uncached.inject({ url: '/api/groups' })), ['From elsewhere']);
  });

  test('PUBLIC_URL is the base of the next link when configured', async () => {
    const configured = await buildTestApp({ publicUrl: 'https://groups.example.org' });
    await seedGroup(configured);
    await seedGroup(configured);
    const response = await configured.inject({ url: '/api/groups?limit=1' });
    assert.match(
      String(response.headers.link),
      /^<https:\/\/groups\.example\.org\/api\/groups\?limit=1&cursor=/,
    );
  });

  test('limit must be 1 to 100; a foreign cursor is refused; each names its field', async () => {
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=ten', 'limit'],
      ['?cursor=garbage!', 'cursor'],
      [`?cursor=${Buffer.from('yesterday|1').toString('base64url')}`, 'cursor'],
      [`?search=${'x'.repeat(201)}`, 'search'],
    ]) {
      const response = await list(query);
      assert.equal(response.statusCode, 400, query);
      assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.ok(
        response.json().errors.some((e: { field: string }) => e.field === field),
        `${query}: ${response.body}`,
      );
    }
  });

  test('a logged-in visitor sees likedByMe on every group', async () => {
    const user = await loggedInBrowser(app);
    const [first] = (await list()).json();
    assert.equal((await user.post(`/api/groups/${first.id}/like`)).statusCode, 200);
    const groups = (await user.get('/api/groups')).json();
    assert.deepEqual(
      groups.map((g: { id: number; likedByMe: boolean }) => g.likedByMe),
      groups.map((g: { id: number }) => g.id === first.id),
    );
  });
});

describe('GET /api/groups/mine', () => {
  test("lists my own submissions with their state, newest first, and nobody else's", async () => {
    const me = await loggedInBrowser(app);
    const other = await loggedInBrowser(app);
    await submitGroup(me, { ...VALID_FIELDS, title: 'Mine first' });
    await submitGroup(other, { ...VALID_FIELDS, title: 'Not mine' });
    await submitGroup(me, { ...VALID_FIELDS, title: 'Mine second' });
    await seedGroup(app, {
      title: 'Mine and verified',
      submittedBy: me.userId,
      createdAt: '2030-01-01T00:00:00.000Z',
    });

    const response = await me.get('/api/groups/mine');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(
      response.json().map((g: { title: string; isVerified: boolean }) => [g.title, g.isVerified]),
      [
        ['Mine and verified', true],
        ['Mine second', false],
        ['Mine first', false],
      ],
    );
    const paged = await me.get('/api/groups/mine?limit=2');
    assert.equal(paged.json().length, 2);
    assert.ok(nextLink(paged)?.startsWith('/api/groups/mine?'));
  });

  test('needs a session', async () => {
    const response = await new Browser(app).get('/api/groups/mine');
    assertProblem(response, 401, 'UNAUTHENTICATED');
  });
});

describe('GET /api/groups/:id', () => {
  test('a verified group for everybody, with likedByMe for a session', async () => {
    const group = await seedGroup(app, { title: 'Single' });
    const anonymous = await app.inject({ url: `/api/groups/${group.id}` });
    assert.equal(anonymous.statusCode, 200);
    assert.equal(anonymous.json().group.title, 'Single');
    assert.equal('likedByMe' in anonymous.json().group, false);
    const user = await loggedInBrowser(app);
    await user.post(`/api/groups/${group.id}/like`);
    assert.equal((await user.get(`/api/groups/${group.id}`)).json().group.likedByMe, true);
  });

  test('a pending group only for its submitter and admins', async () => {
    const author = await loggedInBrowser(app);
    const id = (await submitGroup(author, VALID_FIELDS)).json().group.id;
    assert.equal((await author.get(`/api/groups/${id}`)).json().group.isVerified, false);
    assert.equal(
      (await (await loggedInBrowser(app, { role: 'admin' })).get(`/api/groups/${id}`)).statusCode,
      200,
    );
    assert.equal((await (await loggedInBrowser(app)).get(`/api/groups/${id}`)).statusCode, 404);
    assert.equal((await app.inject({ url: `/api/groups/${id}` })).statusCode, 404);
  });

  test('unknown id 404, malformed id 400', async () => {
    assert.equal((await app.inject({ url: '/api/groups/424242' })).statusCode, 404);
    const bad = await app.inject({ url: '/api/groups/abc' });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().errors[0].field, 'id');
  });
});
