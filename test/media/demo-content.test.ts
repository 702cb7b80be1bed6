import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { ALL_CATEGORIES, GIF_CATEGORIES, IMAGE_CATEGORIES, MEDIA_POOLS } from '../../src/media/categories.js';
import { drawReactionFrames } from '../../src/media/demo-art/gifs.js';
import { drawStill } from '../../src/media/demo-art/stills.js';
import {
  DEMO_STATE_KEY,
  demoRemovedAt,
  ensureDemoContent,
  generateDemoContent,
  planDemoContent,
} from '../../src/media/demo-content.js';
import { DEMO_CREDIT, DEMO_TARGETS, demoTasks, LEGACY_DEMO_CREDIT } from '../../src/media/demo-plan.js';
import { renderLegacyDemoVideo } from '../../src/media/demo-video.js';
import { runMediaCommand } from '../../src/media/media-commands.js';
import { itemsCreditedAs } from '../../src/media/media-repository.js';
import type { MediaStore } from '../../src/media/media-store.js';
import { mediaKey } from '../../src/media/media-types.js';
import { probeMedia } from '../../src/media/probe.js';
import { failingFfmpeg, hangingFfmpeg } from './fake-ffmpeg.js';
import { gif, openTestStore, png } from './fixtures.js';

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const FFMPEG = hasFfmpeg ? 'ffmpeg' : '/nonexistent/ffmpeg';

async function hashesOf(store: MediaStore, pool: string): Promise<string[]> {
  return (await store.poolItems(pool)).map((item) => item.sha256);
}

async function cli(store: MediaStore, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runMediaCommand(
    argv,
    store,
    { privatePools: [], ffmpegPath: FFMPEG, demoQuick: true },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
  );
  return { code, out, err };
}

describe('demo art', () => {
  it('is deterministic: the same category and variant give the same pixels, other variants others', () => {
    assert.deepEqual(drawReactionFrames('hug', 3).pixels, drawReactionFrames('hug', 3).pixels);
    assert.notDeepEqual(drawReactionFrames('hug', 3).pixels, drawReactionFrames('hug', 4).pixels);
    const still = (v: number) =>
      Buffer.from(drawStill('neko', v).getContext('2d').getImageData(0, 0, 450, 600).data);
    assert.deepEqual(still(1), still(1));
    assert.notDeepEqual(still(1), still(2));
  });

  it('every GIF category has a reaction of its own', () => {
    for (const category of GIF_CATEGORIES) assert.equal(drawReactionFrames(category, 0).count, 8, category);
  });

  it('the tasks give every pool its first file in the first round, clips first', () => {
    const tasks = demoTasks([...DEMO_TARGETS.keys()]);
    const total = [...DEMO_TARGETS.values()].reduce((sum, t) => sum + t.count, 0);
    assert.equal(tasks.length, total);
    assert.deepEqual(
      tasks.slice(0, 3).map((t) => t.pool),
      ['menuvid', 'menuvid', 'menuvid'],
    );
    const firstRound = tasks.slice(3, 3 + DEMO_TARGETS.size - 1);
    assert.equal(new Set(firstRound.map((t) => t.pool)).size, DEMO_TARGETS.size - 1);
    assert.ok(firstRound.every((t) => t.variant === 0));
  });
});

describe('demo content, drawn for real', () => {
  it('20 distinct stills and 20 distinct animated GIFs per category, 10 backdrops, credited as demo', async () => {
    const store = await openTestStore({ ffmpegPath: FFMPEG });
    const report = await ensureDemoContent(store, { ffmpegPath: FFMPEG, pools: ['neko', 'hug', 'menu'] });
    assert.deepEqual(report.short, []);
    assert.deepEqual([...report.filled].sort(), ['hug', 'menu', 'neko']);
    const neko = await store.poolItems('neko');
    assert.equal(neko.length, 20);
    assert.equal(new Set(neko.map((i) => i.sha256)).size, 20);
    for (const item of neko) {
      assert.equal(item.mime, 'image/png');
      assert.equal(item.width, 450);
      assert.equal(item.height, 600);
      assert.equal(item.artist_name, DEMO_CREDIT);
      assert.equal(item.artist_href, null);
      assert.equal(item.source_url, null);
    }
    const hug = await store.poolItems('hug');
    assert.equal(hug.length, 20);
    assert.equal(new Set(hug.map((i) => i.sha256)).size, 20);
    for (const item of hug) {
      assert.equal(item.mime, 'image/gif');
      assert.equal(item.anime_name, DEMO_CREDIT);
      assert.ok(item.duration_ms !== null && item.duration_ms >= 400, 'animated');
    }
    const meta = await sharp(await store.readBytes(hug[0].sha256, hug[0].ext), { animated: true }).metadata();
    assert.equal(meta.pages, 8);
    assert.equal(meta.width, 256);
    // The generator says what its GIFs are instead of decoding them again: it must say it right.
    const copy = await store.blobs.localCopy(mediaKey(hug[0].sha256, 'gif'));
    try {
      const probed = await probeMedia(copy.path, FFMPEG);
      assert.deepEqual(
        { width: hug[0].width, height: hug[0].height, durationMs: hug[0].duration_ms },
        { width: probed.width, height: probed.height, durationMs: probed.durationMs },
      );
    } finally {
      await copy.release();
    }
    const menu = await store.poolItems('menu');
    assert.equal(menu.length, 10);
    assert.ok(menu.every((i) => i.mime === 'image/jpeg' && i.width === 1280 && i.height === 720));
    // Small enough that every pool's share stays within the whole budget of 60 MB.
    const gifBytes = hug.reduce((sum, i) => sum + Number(i.size), 0) / hug.length;
    const stillBytes = neko.reduce((sum, i) => sum + Number(i.size), 0) / neko.length;
    assert.ok(
      gifBytes * 59 * 20 + stillBytes * 80 < 55 * 1024 * 1024,
      `${gifBytes} B per GIF, ${stillBytes} B per still`,
    );
  });

  it('menuvid gets three short clips', { skip: !hasFfmpeg && 'ffmpeg is not installed' }, async () => {
    const store = await openTestStore();
    const report = await ensureDemoContent(store, { ffmpegPath: 'ffmpeg', pools: ['menuvid'] });
    assert.deepEqual(report.filled, ['menuvid']);
    const clips = await store.poolItems('menuvid');
    assert.equal(clips.length, 3);
    assert.equal(new Set(clips.map((c) => c.sha256)).size, 3);
    for (const clip of clips) {
      assert.equal(clip.mime, 'video/mp4');
      assert.equal(clip.width, 480);
      assert.equal(clip.height, 270);
      assert.ok(clip.duration_ms !== null && clip.duration_ms >= 2500 && clip.duration_ms <= 3500);
    }
  });
});

describe('demo content, the plumbing (quick stand-in files)', () => {
  it('fills every category to 20, every pool to 10 or more and menuvid to 3, distinct, once', async () => {
    const store = await openTestStore({ ffmpegPath: FFMPEG });
    const report = await ensureDemoContent(store, { ffmpegPath: FFMPEG, quick: true });
    const counts = await store.counts();
    for (const category of ALL_CATEGORIES) {
      assert.equal(counts.get(category), 20, category);
      assert.equal(new Set(await hashesOf(store, category)).size, 20, category);
    }
    for (const pool of MEDIA_POOLS) {
      if (pool === 'menuvid' && !hasFfmpeg) continue;
      assert.ok((counts.get(pool) ?? 0) >= (pool === 'menuvid' ? 3 : 10), pool);
    }
    assert.equal(
      report.added,
      [...counts.values()].reduce((a, b) => a + b, 0),
    );

    // A restart: nothing new, nothing doubled.
    const again = await ensureDemoContent(store, { ffmpegPath: FFMPEG, quick: true });
    assert.equal(again.added, 0);
    assert.deepEqual(await store.counts(), counts);
    const plan = await planDemoContent(store, FFMPEG);
    assert.deepEqual(plan.pools, hasFfmpeg ? [] : [{ pool: 'menuvid', have: 0, target: 3 }]);
  });

  it('tops up a pool an operator thinned out, and leaves pools with imported files alone', async () => {
    const store = await openTestStore({ ffmpegPath: FFMPEG });
    await store.addBuffer('neko', await png(1), {
      artistName: 'Someone',
      artistHref: 'https://example.com/someone',
    });
    await ensureDemoContent(store, { ffmpegPath: FFMPEG, quick: true, pools: ['neko', 'hug', 'pat'] });
    assert.deepEqual(
      (await store.poolItems('neko')).map((i) => i.artist_name),
      ['Someone'],
    );
    for (const sha256 of (await hashesOf(store, 'hug')).slice(0, 5)) await store.remove('hug', sha256);
    assert.equal((await store.counts()).get('hug'), 15);
    const report = await ensureDemoContent(store, {
      ffmpegPath: FFMPEG,
      quick: true,
      pools: ['neko', 'hug', 'pat'],
    });
    assert.equal(report.added, 5);
    assert.deepEqual(report.skipped, [
      { pool: 'neko', reason: 'holds 1 imported file' },
      { pool: 'pat', reason: 'complete' },
    ]);
    assert.equal((await store.counts()).get('hug'), 20);
  });

  it('an install with the 2–3 placeholders of earlier versions is topped up and the placeholders replaced', async () => {
    const store = await openTestStore({ ffmpegPath: FFMPEG });
    // What earlier versions stored: credited "Kizuna demo content", empty links, an uncredited clip.
    const legacyImage = { artistName: LEGACY_DEMO_CREDIT, artistHref: '', sourceUrl: '' };
    for (let i = 0; i < 3; i++) await store.addBuffer('waifu', await png(100 + i), legacyImage);
    for (let i = 0; i < 2; i++)
      await store.addBuffer('wave', await gif(100 + i), { animeName: LEGACY_DEMO_CREDIT });
    let legacyClip: string | undefined;
    if (hasFfmpeg) {
      const video = await renderLegacyDemoVideo('ffmpeg');
      assert.ok('bytes' in video);
      legacyClip = (await store.addBuffer('menuvid', video.bytes, {})).sha256;
    }
    const pools = ['waifu', 'wave', 'menuvid'];
    const plan = await planDemoContent(store, FFMPEG, undefined, pools);
    assert.equal(plan.legacy.length, hasFfmpeg ? 6 : 5);
    const report = await generateDemoContent(store, plan, { ffmpegPath: FFMPEG, quick: true });
    assert.equal(report.legacyRemoved, hasFfmpeg ? 6 : 5);
    const counts = await store.counts();
    assert.equal(counts.get('waifu'), 20);
    assert.equal(counts.get('wave'), 20);
    if (legacyClip) {
      assert.equal(counts.get('menuvid'), 3);
      assert.ok(!(await hashesOf(store, 'menuvid')).includes(legacyClip));
    }
    assert.deepEqual(await itemsCreditedAs(store.db, [LEGACY_DEMO_CREDIT]), []);
  });

  it('"demo remove" removes exactly the demo files, rows and bytes, and keeps everything imported', async () => {
    const store = await openTestStore({ ffmpegPath: FFMPEG });
    const pools = ['hug', 'neko', 'menu'];
    await ensureDemoContent(store, { ffmpegPath: FFMPEG, quick: true, pools });
    const demoFile = (await store.poolItems('hug'))[0];
    // Imported after the demo files: into a demo pool, and a file in two pools.
    const imported = await store.addBuffer('hug', await gif(7), { animeName: 'Some Show' });
    const shared = await png(8);
    await store.addBuffer('menu', shared, {});
    await store.addBuffer('backstage', shared, {});

    const removal = await cli(store, 'demo', 'remove');
    assert.equal(removal.code, 0);
    assert.ok(removal.out.includes('removed\thug\t20'));
    assert.ok(removal.out.includes('removed\tneko\t20'));
    assert.ok(removal.out.includes('removed\tmenu\t10'));
    assert.match(
      removal.out.join('\n'),
      /removed 50 demo files from 3 pools; 50 stored files deleted .*imported files were not touched/,
    );

    assert.deepEqual(await hashesOf(store, 'hug'), [imported.sha256]);
    assert.equal((await store.poolItems('menu')).length, 1);
    assert.equal((await store.counts()).get('neko'), undefined);
    assert.ok(await store.blobs.exists(mediaKey(imported.sha256, 'gif')), 'imported bytes stay');
    assert.ok(!(await store.blobs.exists(mediaKey(demoFile.sha256, demoFile.ext))), 'demo bytes go');
    assert.equal(await store.findFile(demoFile.sha256), undefined);
    assert.deepEqual(await itemsCreditedAs(store.db, [DEMO_CREDIT]), []);

    // Remembered: the next start generates nothing, and says why.
    assert.ok(await demoRemovedAt(store));
    const next = await ensureDemoContent(store, { ffmpegPath: FFMPEG, quick: true, pools });
    assert.ok(next.removed);
    assert.equal(next.added, 0);
    assert.equal((await store.counts()).get('neko'), undefined);

    // "demo add" forgets the removal and fills the pools that hold nothing imported.
    const add = await cli(store, 'demo', 'add');
    assert.ok(add.out.some((l) => l.includes('the earlier removal is forgotten')));
    assert.ok(add.out.includes('left alone\thug\tholds 1 imported file'));
    assert.ok(!(await store.blobs.exists(DEMO_STATE_KEY)));
    assert.equal((await store.counts()).get('neko'), 20);
    assert.deepEqual(await hashesOf(store, 'hug'), [imported.sha256]);
  });

  it('"demo status" says what there is and what would be generated', async () => {
    const store = await openTestStore({ ffmpegPath: FFMPEG });
    await store.addBuffer('pat', await gif(3), { animeName: 'Some Show' });
    const before = await cli(store, 'demo', 'status');
    assert.equal(before.code, 0);
    assert.match(before.out[0], /^demo content: 0 files/);
    assert.ok(before.out.includes('to fill\tneko\t0/20'));
    assert.ok(before.out.includes('left alone\tpat\tholds 1 imported file'));
  });

  it('a failing ffmpeg costs the clips only, with the reason', async () => {
    const ffmpegPath = failingFfmpeg();
    const store = await openTestStore({ ffmpegPath });
    const report = await ensureDemoContent(store, { ffmpegPath, quick: true, pools: ['menuvid', 'nod'] });
    assert.deepEqual(report.filled, ['nod']);
    assert.equal(report.short.length, 1);
    assert.equal(report.short[0].pool, 'menuvid');
    assert.match(report.short[0].reason, /failed with exit code 1: Unknown encoder 'libx264'/);
    assert.equal((await store.counts()).get('menuvid'), undefined);
  });

  it('aborted, the generators and a hung ffmpeg stop, and nothing is written after the abort returned', async () => {
    const store = await openTestStore({ ffmpegPath: hangingFfmpeg() });
    const abort = new AbortController();
    const run = ensureDemoContent(store, {
      ffmpegPath: hangingFfmpeg(),
      quick: true,
      signal: abort.signal,
      onPoolReady: () => abort.abort(),
    });
    await assert.rejects(run, { name: 'AbortError' });
    const counts = await store.counts();
    const stored = [...counts.values()].reduce((a, b) => a + b, 0);
    assert.ok(stored < 100, `stopped early (${stored} stored)`);
    await sleep(500);
    assert.deepEqual(await store.counts(), counts);
    // No generator is left running: its scratch folder is gone with it.
    const { readdir } = await import('node:fs/promises');
    assert.deepEqual(
      (await readdir(store.scratchDir)).filter((n) => n.startsWith('demo-')),
      [],
    );
  });

  it('two instances starting together on one database fill each pool once, and neither reports it short', async () => {
    const store = await openTestStore({ ffmpegPath: FFMPEG });
    const pools = ['smile', 'menu'];
    const [a, b] = await Promise.all([
      ensureDemoContent(store, { ffmpegPath: FFMPEG, quick: true, pools }),
      ensureDemoContent(store, { ffmpegPath: FFMPEG, quick: true, pools }),
    ]);
    assert.deepEqual([a.short, b.short], [[], []]);
    assert.equal(a.added + b.added, 30);
    const counts = await store.counts();
    assert.equal(counts.get('smile'), 20);
    assert.equal(counts.get('menu'), 10);
  });

  it('the files stay content-addressed: the same demo file is stored once whoever makes it', async () => {
    const first = await openTestStore({ ffmpegPath: FFMPEG });
    const second = await openTestStore({ ffmpegPath: FFMPEG });
    await ensureDemoContent(first, { ffmpegPath: FFMPEG, quick: true, pools: ['smile'] });
    await ensureDemoContent(second, { ffmpegPath: FFMPEG, quick: true, pools: ['smile'] });
    const hashes = (await hashesOf(first, 'smile')).sort();
    assert.deepEqual(hashes, (await hashesOf(second, 'smile')).sort());
    const bytes = await first.readBytes(hashes[0], 'gif');
    assert.equal(createHash('sha256').update(bytes).digest('hex'), hashes[0]);
  });
});

describe('demo content defaults', () => {
  it('every category and the pools have targets: 20, 10 and 3', () => {
    for (const category of IMAGE_CATEGORIES)
      assert.deepEqual(DEMO_TARGETS.get(category), { kind: 'still', count: 20 });
    for (const category of GIF_CATEGORIES)
      assert.deepEqual(DEMO_TARGETS.get(category), { kind: 'gif', count: 20 });
    assert.equal(DEMO_TARGETS.get('menu')?.count, 10);
    assert.equal(DEMO_TARGETS.get('canvas')?.count, 10);
    assert.equal(DEMO_TARGETS.get('menuvid')?.count, 3);
  });
});
