import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ALL_CATEGORIES } from '../../../src/media/categories.js';
import { buildTestApp } from '../../helpers/test-app.js';

describe('a fresh install with DEMO_CONTENT', () => {
  let app: FastifyInstance;

  before(async () => {
    app = await buildTestApp({
      demoContent: true,
      ffmpegPath: '/nonexistent/ffmpeg',
      rateLimitPerMinute: 100_000,
    });
  });

  it('every category answers with a real file', async () => {
    for (const category of ALL_CATEGORIES) {
      const res = await app.inject({ url: `/api/v1/${category}` });
      assert.equal(res.statusCode, 200, category);
      const file = await app.inject({ url: new URL(res.json().results[0].url).pathname, method: 'HEAD' });
      assert.equal(file.statusCode, 200, category);
    }
  });

  it('every image pool answers; menuvid is empty without ffmpeg and the catalog says so', async () => {
    for (const pool of ['menu', 'sleep', 'kiss', 'canvas']) {
      assert.equal((await app.inject({ url: `/api/v1/media/${pool}` })).statusCode, 200, pool);
    }
    assert.equal((await app.inject({ url: '/api/v1/media/menuvid' })).statusCode, 404);
    const { pools } = (await app.inject({ url: '/api/v1/endpoints' })).json();
    const menuvid = pools.find((p: { name: string }) => p.name === 'menuvid');
    assert.equal(menuvid.status, 'empty');
    assert.match(menuvid.note, /ffmpeg/);
  });

  it('the menu card has its image', async () => {
    const card = (await app.inject({ url: '/api/v1/menu/main' })).json();
    assert.ok(card.image);
    assert.equal(card.video, null);
  });
});
