import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { ALL_CATEGORIES, GIF_CATEGORIES, IMAGE_CATEGORIES } from '../../../src/media/categories.js';
import { DEMO_CREDIT } from '../../../src/media/demo-plan.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { failingFfmpeg, hangingFfmpeg } from '../../media/fake-ffmpeg.js';

interface PoolSummary {
  name: string;
  count: number;
  note?: string;
}

async function pools(app: FastifyInstance): Promise<Record<string, PoolSummary>> {
  // Polled ten times a second: the apps here lift the rate limit, or the poll would meet a 429.
  const res = await app.inject({ url: '/api/v1/media/categories' });
  assert.equal(res.statusCode, 200, res.body);
  const { categories } = res.json();
  return Object.fromEntries(categories.map((c: PoolSummary) => [c.name, c]));
}

/**
 * Demo content arrives beside start-up: waits until every category has all its files and no pool
 * says it is still being generated (or `until` holds), polling as a client would.
 */
async function demoSettled(app: FastifyInstance, until?: (byName: Record<string, PoolSummary>) => boolean) {
  for (let attempt = 0; attempt < 1200; attempt++) {
    const byName = await pools(app);
    const { categories } = (await app.inject({ url: '/api/v1/anime/categories' })).json();
    const stillsDone = categories.every((c: { count: number }) => c.count >= 20);
    const settled = !Object.values(byName).some((p) => /being generated/.test(p.note ?? ''));
    if (until ? until(byName) : stillsDone && settled) return byName;
    await sleep(100);
  }
  throw new Error('the demo content never settled');
}

describe('a fresh install with DEMO_CONTENT', () => {
  let app: FastifyInstance;

  before(async () => {
    app = await buildTestApp({
      demoContent: true,
      ffmpegPath: '/nonexistent/ffmpeg',
      rateLimitPerMinute: 100_000,
    });
    await demoSettled(app);
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
    const { pools: listed } = (await app.inject({ url: '/api/v1/endpoints' })).json();
    const menuvid = listed.find((p: { name: string }) => p.name === 'menuvid');
    assert.equal(menuvid.status, 'empty');
    assert.match(menuvid.note, /ffmpeg \(\/nonexistent\/ffmpeg\) was not found/);
  });

  it('amount=20 gives 20 distinct files in every category, credited as demo, no field an empty string', async () => {
    for (const category of ALL_CATEGORIES) {
      const { results } = (await app.inject({ url: `/api/v1/${category}?amount=20` })).json();
      assert.equal(results.length, 20, category);
      assert.equal(new Set(results.map((r: { url: string }) => r.url)).size, 20, category);
      for (const result of results) {
        for (const [field, value] of Object.entries(result))
          assert.notEqual(value, '', `${category}: ${field}`);
        if ((GIF_CATEGORIES as readonly string[]).includes(category)) {
          assert.equal(result.anime_name, DEMO_CREDIT);
        } else {
          assert.ok((IMAGE_CATEGORIES as readonly string[]).includes(category));
          assert.equal(result.artist_name, DEMO_CREDIT);
          assert.ok(!('artist_href' in result) && !('source_url' in result), 'unknown links are left out');
        }
      }
    }
    const v2 = (await app.inject({ url: '/api/v2/hug?amount=20' })).json();
    assert.equal(new Set(v2.results.map((r: { url: string }) => r.url)).size, 20);
  });

  it('the menu card has its image', async () => {
    const card = (await app.inject({ url: '/api/v1/menu/main' })).json();
    assert.ok(card.image);
    assert.equal(card.video, null);
  });
});

describe('demo content with a broken ffmpeg', () => {
  it('an ffmpeg that fails stops nothing: the server starts and the note gives the true reason', async () => {
    const app = await buildTestApp({
      demoContent: true,
      ffmpegPath: failingFfmpeg(),
      rateLimitPerMinute: 100_000,
    });
    const byName = await demoSettled(app, (p) => p.menu.count === 10 && /failed/.test(p.menuvid.note ?? ''));
    assert.equal(byName.menuvid.count, 0);
    assert.match(byName.menuvid.note ?? '', /failed with exit code 1: Unknown encoder 'libx264'/);
    assert.doesNotMatch(byName.menuvid.note ?? '', /not found|not installed/);
    assert.equal(byName.menu.count, 10);
  });

  it('an ffmpeg that hangs does not hold up start-up, and closing the server ends it', async () => {
    // Before, start-up waited for ffmpeg inside plugin registration: past Fastify's 10 s plugin
    // timeout, buildApp failed with AVV_ERR_PLUGIN_EXEC_TIMEOUT.
    const app = await buildTestApp({
      demoContent: true,
      ffmpegPath: hangingFfmpeg(),
      rateLimitPerMinute: 100_000,
    });
    const byName = await demoSettled(app, (p) => p.menu.count > 0);
    assert.match(byName.menuvid.note ?? '', /demo video is being generated/);
    await app.close();
  });
});
