import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { RELEVANCE_WINDOW } from '../../../src/directory/groups/groups-repository.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { seedGroup } from './group-fixtures.js';

let app: FastifyInstance;

const list = (query: string) => app.inject({ url: `/api/groups${query}` });
const titles = (response: LightMyRequestResponse) => response.json().map((g: { title: string }) => g.title);

/** Every page of a list, following the Link headers. */
async function allPages(first: string): Promise<string[]> {
  const seen: string[] = [];
  let url: string | null = first;
  while (url) {
    const response: LightMyRequestResponse = await app.inject({ url });
    assert.equal(response.statusCode, 200, response.body);
    seen.push(...titles(response));
    const next = /^<([^>]+)>; rel="next"$/.exec(String(response.headers.link ?? ''));
    url = next ? new URL(next[1]).pathname + new URL(next[1]).search : null;
  }
  return seen;
}

before(async () => {
  app = await buildTestApp({ groupsPageCacheMs: 0 });
  // Oldest first: the later, the newer.
  await seedGroup(app, { title: 'Ramen Night', description: 'We talk about Naruto sometimes.' });
  await seedGroup(app, { title: 'Manga Corner', description: 'All the manga.', tags: 'naruto' });
  await seedGroup(app, { title: 'Naruto Fans', description: 'Ninjas and ramen.' });
  await seedGroup(app, { title: 'Narutoverse', description: 'Everything after Boruto.' });
  await seedGroup(app, { title: 'Cooking Club', description: 'Recipes.' });
});

describe('GET /api/groups?search=… in hostile hands', () => {
  test('FTS and tsquery syntax in a search is plain text', async () => {
    for (const search of [
      '"',
      '"naruto',
      'naruto"',
      '*',
      'naruto*',
      'NEAR(naruto ramen)',
      'naruto NEAR ramen',
      '-naruto',
      'naruto -ramen',
      'title:naruto',
      'naruto:*',
      "naruto' | 'ramen",
      'naruto & !ramen',
      '(naruto',
      '^naruto',
      'naruto OR cooking',
      'naruto AND',
      '{naruto}',
      '\\',
    ]) {
      const response = await list(`?search=${encodeURIComponent(search)}`);
      assert.equal(response.statusCode, 200, `${search}: ${response.body}`);
    }
    // Operators are no operators: OR is a word like any other, and all words must match.
    assert.deepEqual(titles(await list(`?search=${encodeURIComponent('naruto OR cooking')}`)), []);
    assert.deepEqual(titles(await list(`?search=${encodeURIComponent('-ramen')}`)), [
      'Naruto Fans',
      'Ramen Night',
    ]);
    assert.deepEqual(titles(await list(`?search=${encodeURIComponent('"naruto*"')}`)), [
      'Narutoverse',
      'Naruto Fans',
      'Manga Corner',
      'Ramen Night',
    ]);
  });

  test('SQL-looking text finds nothing and breaks nothing', async () => {
    for (const search of [
      "'; drop table groups; --",
      "naruto') or 1=1 --",
      'naruto%',
      'naruto_',
      "x' union select * from users --",
    ]) {
      const response = await list(`?search=${encodeURIComponent(search)}`);
      assert.equal(response.statusCode, 200, search);
    }
    assert.equal(titles(await list('')).length, 5);
  });

  test('only punctuation, or nothing, is no filter', async () => {
    const everything = titles(await list(''));
    for (const search of ['!!!', '...', ' ', '%', '_', '"""', '*:*', '\u200b', '🙂']) {
      assert.deepEqual(titles(await list(`?search=${encodeURIComponent(search)}`)), everything, search);
    }
  });

  test('a search of 10,000 characters is a clear 400, as is one word over 200 letters', async () => {
    const long = await list(`?search=${'a'.repeat(10_000)}`);
    assert.equal(long.statusCode, 400);
    assert.equal(long.json().errors[0].field, 'search');
    const ligatures = await list(`?search=${encodeURIComponent('\ufb03'.repeat(67))}`);
    assert.equal(ligatures.statusCode, 400);
    assert.match(ligatures.headers['content-type'] as string, /application\/problem\+json/);
    assert.deepEqual(ligatures.json().errors, [
      { field: 'search', message: 'has a word of more than 200 letters and digits' },
    ]);
  });

  test('more than ten words: the first ten count, as before', async () => {
    const ten = 'naruto fans ninjas and ramen nar fan nin an ram';
    assert.deepEqual(titles(await list(`?search=${encodeURIComponent(`${ten} nothingmatchesthis`)}`)), [
      'Naruto Fans',
    ]);
    assert.deepEqual(titles(await list(`?search=${encodeURIComponent(`nothingmatchesthis ${ten}`)}`)), []);
  });

  test('every script answers 200', async () => {
    for (const search of ['東京', 'москва', 'λόγος', '한국어', 'हिन्दी', 'مرحبا', '𞤀𞤣𞤤𞤢𞤥', 'ᏣᎳᎩ', 'ﬃ']) {
      const response = await list(`?search=${encodeURIComponent(search)}`);
      assert.equal(response.statusCode, 200, search);
      assert.deepEqual(response.json(), [], search);
    }
  });
});

describe('GET /api/groups?sort=relevance', () => {
  test('ranks title matches over tags over descriptions, whole words first, then newest', async () => {
    assert.deepEqual(titles(await list('?search=naruto&sort=relevance')), [
      'Naruto Fans', // title, whole word: 4
      'Narutoverse', // title, start of a word: 3
      'Manga Corner', // tag: 3, older
      'Ramen Night', // description: 2
    ]);
  });

  test('the default order stays newest first', async () => {
    const newest = ['Narutoverse', 'Naruto Fans', 'Manga Corner', 'Ramen Night'];
    assert.deepEqual(titles(await list('?search=naruto')), newest);
    assert.deepEqual(titles(await list('?search=naruto&sort=newest')), newest);
  });

  test('pages with a cursor that carries the score, never skipping or repeating a group', async () => {
    assert.deepEqual(await allPages('/api/groups?search=naruto&sort=relevance&limit=1'), [
      'Naruto Fans',
      'Narutoverse',
      'Manga Corner',
      'Ramen Night',
    ]);
    assert.deepEqual(await allPages('/api/groups?search=ramen%20naruto&sort=relevance&limit=1'), [
      'Naruto Fans',
      'Ramen Night',
    ]);
  });

  test('a cursor of one order is refused by the other', async () => {
    const byRelevance = await list('?search=naruto&sort=relevance&limit=1');
    const relevanceCursor = new URL(
      /<([^>]+)>/.exec(String(byRelevance.headers.link))?.[1] as string,
    ).searchParams.get('cursor') as string;
    const newest = await list('?search=naruto&limit=1');
    const newestCursor = new URL(
      /<([^>]+)>/.exec(String(newest.headers.link))?.[1] as string,
    ).searchParams.get('cursor') as string;
    const wrong1 = await list(`?search=naruto&limit=1&cursor=${relevanceCursor}`);
    assert.equal(wrong1.statusCode, 400);
    assert.equal(wrong1.json().errors[0].field, 'cursor');
    const wrong2 = await list(`?search=naruto&sort=relevance&limit=1&cursor=${newestCursor}`);
    assert.equal(wrong2.statusCode, 400);
  });

  test('without search words, relevance is newest first', async () => {
    assert.deepEqual(titles(await list('?sort=relevance')), titles(await list('')));
    assert.deepEqual(titles(await list('?sort=relevance&search=%21%21')), titles(await list('')));
  });

  test('an unknown order is a 400 that lists the valid ones', async () => {
    const response = await list('?sort=popular');
    assert.equal(response.statusCode, 400);
    assert.match(response.body, /newest, likes, trending, relevance/);
  });

  test('ranks the newest RELEVANCE_WINDOW matches', () => {
    assert.equal(RELEVANCE_WINDOW, 500);
  });
});
