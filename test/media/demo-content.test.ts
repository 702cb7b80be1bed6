import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { ALL_CATEGORIES, GIF_CATEGORIES, IMAGE_CATEGORIES } from '../../src/media/categories.js';
import {
  drawPortrait,
  drawReactionGif,
  ensureDemoContent,
  generateDemoStills,
  generateDemoVideo,
} from '../../src/media/demo-content.js';
import { failingFfmpeg, garbageFfmpeg, hangingFfmpeg } from './fake-ffmpeg.js';
import { openTestStore } from './fixtures.js';

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('demo content', () => {
  it('draws deterministic files: the same input gives the same bytes', async () => {
    assert.deepEqual(await drawPortrait('neko', 0), await drawPortrait('neko', 0));
    assert.notDeepEqual(await drawPortrait('neko', 0), await drawPortrait('neko', 1));
    assert.deepEqual(await drawReactionGif('hug', 1), await drawReactionGif('hug', 1));
  });

  it('fills every empty category and pool, once; without ffmpeg menuvid stays empty and says why', async () => {
    const store = await openTestStore({ ffmpegPath: '/nonexistent/ffmpeg' });
    await store.addBuffer('neko', await drawPortrait('custom', 9));
    const first = await ensureDemoContent(store, { ffmpegPath: '/nonexistent/ffmpeg' });
    assert.ok(first.skipped.includes('neko'), 'a pool that has items is left alone');
    assert.match(first.videoUnavailable ?? '', /ffmpeg/);
    const counts = await store.counts();
    for (const category of ALL_CATEGORIES) {
      assert.ok((counts.get(category) ?? 0) > 0, category);
    }
    assert.equal(counts.get('neko'), 1);
    assert.ok((counts.get('menu') ?? 0) > 0);
    assert.ok((counts.get('canvas') ?? 0) > 0);
    assert.equal(counts.get('menuvid'), undefined);

    const [still] = await store.poolItems(IMAGE_CATEGORIES[0]);
    assert.equal(still.mime, 'image/png');
    const [reaction] = await store.poolItems(GIF_CATEGORIES[0]);
    assert.equal(reaction.mime, 'image/gif');
    const meta = await sharp(await store.readBytes(reaction.sha256, reaction.ext), {
      animated: true,
    }).metadata();
    assert.ok((meta.pages ?? 1) > 1, 'reaction GIFs are animated');

    const second = await ensureDemoContent(store, { ffmpegPath: '/nonexistent/ffmpeg' });
    assert.equal(second.files, 0);
    assert.deepEqual(await store.counts(), counts);
  });

  it('an ffmpeg that fails, writes nothing or writes no video leaves menuvid empty with the reason', async () => {
    const cases: Array<[string, RegExp]> = [
      [failingFfmpeg(), /failed with exit code 1: Unknown encoder 'libx264'/],
      ['/bin/false', /\/bin\/false\) failed with exit code 1/],
      ['/bin/true', /\/bin\/true\) wrote no video/],
      [garbageFfmpeg(), /made no usable video/],
      ['/nonexistent/ffmpeg', /was not found/],
    ];
    const store = await openTestStore();
    for (const [ffmpegPath, reason] of cases) {
      const video = await generateDemoVideo(store, { ffmpegPath });
      assert.equal(video.files, 0, ffmpegPath);
      assert.match(video.unavailable ?? '', reason, ffmpegPath);
    }
    assert.equal((await store.counts()).get('menuvid'), undefined);
  });

  it('a failing ffmpeg costs the video only: the stills come all the same', async () => {
    const ffmpegPath = failingFfmpeg();
    const store = await openTestStore({ ffmpegPath });
    const report = await ensureDemoContent(store, { ffmpegPath });
    assert.match(report.videoUnavailable ?? '', /failed with exit code 1/);
    assert.ok(!report.filled.includes('menuvid'));
    const counts = await store.counts();
    assert.equal(counts.get('menuvid'), undefined);
    assert.ok((counts.get('neko') ?? 0) > 0);
  });

  it('aborted, the stills stop and nothing is written after the abort has returned', async () => {
    const store = await openTestStore();
    const abort = new AbortController();
    const stills = generateDemoStills(store, ALL_CATEGORIES, {
      signal: abort.signal,
      onFilled: () => abort.abort(),
    });
    await assert.rejects(stills, { name: 'AbortError' });
    const counts = await store.counts();
    assert.ok(counts.size < ALL_CATEGORIES.length, 'stopped before the end');
    await sleep(300);
    assert.deepEqual(await store.counts(), counts);
  });

  it('a hung ffmpeg is killed when the generation is aborted', async () => {
    const store = await openTestStore();
    const abort = new AbortController();
    const video = generateDemoVideo(store, { ffmpegPath: hangingFfmpeg(), signal: abort.signal });
    setTimeout(() => abort.abort(), 200);
    await assert.rejects(video, { name: 'AbortError' });
  });

  it('with ffmpeg, menuvid gets a short MP4', { skip: !hasFfmpeg && 'ffmpeg is not installed' }, async () => {
    const store = await openTestStore();
    const report = await ensureDemoContent(store, { ffmpegPath: 'ffmpeg' });
    assert.equal(report.videoUnavailable, undefined);
    const [video] = await store.poolItems('menuvid');
    assert.equal(video.mime, 'video/mp4');
    assert.equal(video.width, 320);
    assert.equal(video.height, 240);
    assert.ok(video.duration_ms !== null && video.duration_ms >= 1500 && video.duration_ms <= 2500);
  });
});
