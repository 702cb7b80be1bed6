import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { renderDemoVideo } from '../../../src/media/demo-video.js';
import { BUNDLED_MENU_PATH } from '../../../src/media/menu-data.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { png, storeOf } from '../../media/fixtures.js';

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('GET /api/v1/menu/:section', () => {
  let app: FastifyInstance;
  let bare: FastifyInstance;

  before(async () => {
    app = await buildTestApp();
    await storeOf(app).addBuffer('menu', await png(1, 320, 180));
    bare = await buildTestApp();
  });

  it('gives the commands, a caption, the menu image and no video when menuvid is empty', async () => {
    const res = await app.inject({ url: '/api/v1/menu/main' });
    assert.equal(res.statusCode, 200);
    const card = res.json();
    assert.equal(card.section, 'main');
    assert.equal(card.title, 'Main menu');
    assert.ok(card.commands.length > 0);
    assert.match(card.caption, /^\*Kizuna · Main menu\*/);
    assert.ok(card.caption.includes(`${card.prefix}${card.commands[0].command}`));
    assert.equal(card.image.category, 'menu');
    assert.match(card.image.url, /\/api\/v1\/files\/[0-9a-f]{64}\.png$/);
    assert.equal(card.video, null);
  });

  it('without any menu image the card still answers', async () => {
    const card = (await bare.inject({ url: '/api/v1/menu/ai' })).json();
    assert.equal(card.image, null);
    assert.equal(card.title, 'AI menu');
  });

  it('format=png renders the card as a PNG', async () => {
    for (const target of [app, bare]) {
      const res = await target.inject({ url: '/api/v1/menu/fun?format=png' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'image/png');
      const meta = await sharp(res.rawPayload).metadata();
      assert.equal(meta.format, 'png');
      assert.equal(meta.width, 1080);
    }
  });

  it('the operator file menu.json in the file storage overrides the bundled menu', async () => {
    const custom = JSON.parse(readFileSync(BUNDLED_MENU_PATH, 'utf8'));
    custom.prefix = '!';
    custom.sections.system.commands = [{ command: 'status', description: 'All fine?' }];
    await bare.blobs.put('menu.json', Buffer.from(JSON.stringify(custom)));
    const card = (await bare.inject({ url: '/api/v1/menu/system' })).json();
    assert.deepEqual(card.commands, [{ command: 'status', description: 'All fine?' }]);
    assert.ok(card.caption.includes('• !status — All fine?'));
  });

  it('with a video in menuvid, the card carries it too', {
    skip: !hasFfmpeg && 'ffmpeg is not installed',
  }, async () => {
    // A fresh app: the others have already looked at the (then empty) pool, and pool lists are cached briefly.
    const withVideo = await buildTestApp();
    const pixels = Buffer.alloc(32 * 32 * 4 * 10, 0x80);
    const video = await renderDemoVideo('ffmpeg', { width: 32, height: 32, fps: 10, pixels });
    assert.ok('bytes' in video, JSON.stringify(video));
    await storeOf(withVideo).addBuffer('menuvid', video.bytes);
    const card = (await withVideo.inject({ url: '/api/v1/menu/main' })).json();
    assert.equal(card.video.mime, 'video/mp4');
    assert.match(card.video.url, /\/api\/v1\/files\/[0-9a-f]{64}\.mp4$/);
    assert.ok(card.video.durationMs > 0);
    const part = await withVideo.inject({
      url: new URL(card.video.url).pathname,
      headers: { range: 'bytes=4-11' },
    });
    assert.equal(part.statusCode, 206, part.body);
    assert.equal(part.headers['content-type'], 'video/mp4');
    assert.equal(part.rawPayload.subarray(0, 4).toString('latin1'), 'ftyp');
  });

  it('unknown sections and formats → 400 naming the field', async () => {
    const section = await app.inject({ url: '/api/v1/menu/secret' });
    assert.equal(section.statusCode, 400);
    assert.equal(section.json().errors[0].field, 'section');
    const format = await app.inject({ url: '/api/v1/menu/main?format=gif' });
    assert.equal(format.statusCode, 400);
    assert.equal(format.json().errors[0].field, 'format');
  });
});
