import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { AnimeCache } from '../../../../src/v1/anime/jikan/anime-cache.js';
import { buildTestApp } from '../../../helpers/test-app.js';

const DAY = 86_400_000;

describe('AnimeCache', () => {
  let app: FastifyInstance;
  let clock = Date.parse('2026-03-01T12:00:00Z');
  const cache = () =>
    new AnimeCache(app.db, { freshMs: DAY, keepMs: 30 * DAY, memoryEntries: 2, now: () => clock });

  before(async () => {
    app = await buildTestApp();
  });

  it('keeps answers in the database, so another instance (empty memory) finds them', async () => {
    await cache().set('lookup:naruto', { malId: 20 });
    const other = cache();
    const entry = await other.get<{ malId: number }>('lookup:naruto');
    assert.deepEqual(entry?.value, { malId: 20 });
    assert.ok(entry && other.isFresh(entry));
  });

  it('replaces an answer under the same key', async () => {
    const c = cache();
    await c.set('top', [1]);
    await c.set('top', [1, 2]);
    assert.deepEqual((await cache().get('top'))?.value, [1, 2]);
  });

  it('remembers null answers (nothing found) as answers', async () => {
    await cache().set('lookup:nothing', null);
    const entry = await cache().get('lookup:nothing');
    assert.ok(entry);
    assert.equal(entry.value, null);
  });

  it('serves an answer older than a day as not fresh, and forgets it after the keeping time', async () => {
    const c = cache();
    await c.set('season:2026:winter', { results: [] });
    clock += DAY + 1;
    const stale = await c.get('season:2026:winter');
    assert.ok(stale && !c.isFresh(stale));
    clock += 30 * DAY;
    assert.equal(await cache().get('season:2026:winter'), null);
  });

  it('keeps memory bounded while the database keeps everything', async () => {
    const c = cache();
    for (const key of ['a', 'b', 'c', 'd']) await c.set(`bounded:${key}`, key);
    const rows = await app.db
      .selectFrom('anime_cache')
      .select('key')
      .where('key', 'like', 'bounded:%')
      .execute();
    assert.equal(rows.length, 4);
    assert.equal((await c.get('bounded:a'))?.value, 'a');
  });
});
