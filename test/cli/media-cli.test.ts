import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { runMediaCommand, UsageError } from '../../src/media/media-commands.js';
import type { MediaStore } from '../../src/media/media-store.js';
import { gif, openTestStore, png } from '../media/fixtures.js';

/** The start of an MP4 (an ftyp box): what the magic-byte check reads. */
const FAKE_MP4 = Buffer.from('000000186674797069736f6d0000020069736f6d6d70343100000008667265650000', 'hex');

const work = mkdtempSync(join(tmpdir(), 'kizuna-media-cli-'));
after(() => rmSync(work, { recursive: true, force: true }));

async function run(store: MediaStore, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runMediaCommand(
    argv,
    store,
    { privatePools: ['backstage'] },
    {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    },
  );
  return { code, out, err };
}

describe('npm run media', () => {
  it('import: adds a directory, reports duplicates it skipped and refuses non-media files', async () => {
    const store = await openTestStore();
    const dir = join(work, 'batch');
    mkdirSync(join(dir, 'nested'), { recursive: true });
    writeFileSync(join(dir, 'a.png'), await png(1));
    writeFileSync(join(dir, 'copy-of-a.png'), await png(1));
    writeFileSync(join(dir, 'nested', 'b.png'), await png(2));
    writeFileSync(join(dir, 'notes.txt'), 'not an image');
    writeFileSync(join(dir, 'evil.png'), '<script>alert(1)</script>');
    writeFileSync(join(dir, '.hidden.png'), await png(3));

    const first = await run(store, 'import', 'neko', dir);
    assert.equal(first.code, 1, 'refused files make the exit code 1');
    assert.match(
      first.out.at(-1) ?? '',
      /neko: 2 added, 0 linked to stored bytes, 0 credits updated, 1 duplicates skipped, 2 refused/,
    );
    // Files are taken in name order, so the copy is the one skipped.
    assert.ok(first.out.some((l) => l.startsWith('duplicate') && l.includes('copy-of-a.png')));
    assert.equal(first.err.filter((l) => l.startsWith('refused')).length, 2);
    assert.ok(first.err.some((l) => l.includes('notes.txt')));
    assert.equal((await store.poolItems('neko')).length, 2);

    const again = await run(store, 'import', 'neko', join(dir, 'a.png'), join(dir, 'nested', 'b.png'));
    assert.equal(again.code, 0);
    assert.match(
      again.out.at(-1) ?? '',
      /0 added, 0 linked to stored bytes, 0 credits updated, 2 duplicates skipped, 0 refused/,
    );

    const other = await run(store, 'import', 'waifu', join(dir, 'a.png'));
    assert.match(other.out.at(-1) ?? '', /0 added, 1 linked/);
    assert.equal((await store.stats()).files, 2);
  });

  it('import --credits: credits from a sidecar by file name, "*" for the rest', async () => {
    const store = await openTestStore();
    const dir = join(work, 'credits');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'x.gif'), await gif(1));
    writeFileSync(join(dir, 'y.gif'), await gif(2));
    const sidecar = join(dir, '..', 'credits.json');
    writeFileSync(
      sidecar,
      JSON.stringify({ 'x.gif': { anime_name: 'Show X' }, '*': { anime_name: 'Various' } }),
    );
    assert.equal((await run(store, 'import', 'hug', dir, '--credits', sidecar)).code, 0);
    const names = (await store.poolItems('hug')).map((i) => i.anime_name).sort();
    assert.deepEqual(names, ['Show X', 'Various']);
  });

  it('import: each pool takes the kind of file it promises, and refuses the rest', async () => {
    // Without ffprobe a video is taken on its magic bytes, so a minimal MP4 header will do.
    const store = await openTestStore({ ffmpegPath: '/nonexistent/ffmpeg' });
    const dir = join(work, 'kinds');
    mkdirSync(dir, { recursive: true });
    const file = (name: string, bytes: Buffer) => {
      writeFileSync(join(dir, name), bytes);
      return join(dir, name);
    };
    const still = file('p.png', await png(40));
    const animated = file('a.gif', await gif(41));
    const oneFrame = file('one-frame.gif', await gif(42, 1));
    const video = file('v.mp4', FAKE_MP4);

    const refusals: Array<[string, string, RegExp]> = [
      ['hug', still, /"hug" takes animated GIFs, not a still image \(image\/png\)/],
      ['hug', oneFrame, /"hug" takes animated GIFs, not a still image \(image\/gif\)/],
      ['sleep', video, /"sleep" takes animated GIFs, not a video \(video\/mp4\)/],
      ['neko', video, /"neko" takes still images \(PNG, JPEG or WebP, not animated\), not a video/],
      ['waifu', animated, /"waifu" takes still images .*, not an animated image \(image\/gif\)/],
      ['menuvid', still, /"menuvid" takes videos \(MP4 or WebM\), not a still image/],
      ['canvas', video, /"canvas" takes images/],
    ];
    for (const [pool, path, reason] of refusals) {
      const result = await run(store, 'import', pool, path);
      assert.equal(result.code, 1, `${pool} ← ${path}`);
      assert.match(result.err.join('\n'), reason);
      assert.match(result.out.at(-1) ?? '', /0 added, .* 1 refused/);
    }
    assert.equal((await store.stats()).files, 0, 'a refused file leaves nothing behind');

    const accepted: Array<[string, string]> = [
      ['neko', still],
      ['hug', animated],
      ['menuvid', video],
      ['menu', still],
      ['menu', animated],
      ['backstage', video],
    ];
    for (const [pool, path] of accepted) {
      const result = await run(store, 'import', pool, path);
      assert.equal(result.code, 0, `${pool} ← ${path}: ${result.err.join(' ')}`);
    }
    // Bytes stored already are judged by the pool they go to as well.
    const linked = await run(store, 'import', 'pat', still);
    assert.equal(linked.code, 1);
    assert.equal((await store.poolItems('pat')).length, 0);
  });

  it('import --credits again: a corrected sidecar updates the credits of files already in the pool', async () => {
    const store = await openTestStore();
    const dir = join(work, 'recredit');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'x.gif'), await gif(50));
    writeFileSync(join(dir, 'n.png'), await png(51));
    const sidecar = (name: string, data: object) => {
      const path = join(work, name);
      writeFileSync(path, JSON.stringify(data));
      return path;
    };
    const hugItem = async () => (await store.poolItems('hug'))[0];
    const nekoItem = async () => (await store.poolItems('neko'))[0];

    const wrong = sidecar('wrong.json', { 'x.gif': { anime_name: 'Wrong Show' } });
    assert.equal((await run(store, 'import', 'hug', join(dir, 'x.gif'), '--credits', wrong)).code, 0);
    assert.equal((await hugItem()).anime_name, 'Wrong Show');

    const right = sidecar('right.json', { 'x.gif': { anime_name: 'Right Show' } });
    const corrected = await run(store, 'import', 'hug', join(dir, 'x.gif'), '--credits', right);
    assert.equal(corrected.code, 0);
    assert.ok(corrected.out.some((l) => l.startsWith('updated') && l.includes('x.gif')));
    assert.match(
      corrected.out.at(-1) ?? '',
      /0 added, 0 linked to stored bytes, 1 credits updated, 0 duplicates/,
    );
    assert.equal((await hugItem()).anime_name, 'Right Show');

    // The same credits again, or none at all: a plain duplicate, nothing changes.
    for (const extra of [['--credits', right], []]) {
      const again = await run(store, 'import', 'hug', join(dir, 'x.gif'), ...extra);
      assert.match(again.out.at(-1) ?? '', /0 credits updated, 1 duplicates skipped/);
    }
    assert.equal((await hugItem()).anime_name, 'Right Show');
    assert.equal((await store.poolItems('hug')).length, 1);

    // Fields the entry names are set, others kept; "" clears one.
    const first = sidecar('first.json', {
      'n.png': { artist_name: 'Aki', source_url: 'https://example.org/wrong' },
    });
    await run(store, 'import', 'neko', join(dir, 'n.png'), '--credits', first);
    const fix = sidecar('fix.json', { 'n.png': { artist_name: 'Aki Tanaka' } });
    await run(store, 'import', 'neko', join(dir, 'n.png'), '--credits', fix);
    assert.equal((await nekoItem()).artist_name, 'Aki Tanaka');
    assert.equal((await nekoItem()).source_url, 'https://example.org/wrong');
    const clear = sidecar('clear.json', { 'n.png': { source_url: '' } });
    const cleared = await run(store, 'import', 'neko', join(dir, 'n.png'), '--credits', clear);
    assert.match(cleared.out.at(-1) ?? '', /1 credits updated/);
    assert.equal((await nekoItem()).source_url, null);
    assert.equal((await nekoItem()).artist_name, 'Aki Tanaka');
  });

  it('import refuses a bad credits file, a bad pool name and missing paths, importing nothing', async () => {
    const store = await openTestStore();
    const file = join(work, 'one.png');
    writeFileSync(file, await png(5));
    const badJson = join(work, 'bad.json');
    writeFileSync(badJson, '{ nope');
    const badUrl = join(work, 'bad-url.json');
    writeFileSync(badUrl, JSON.stringify({ '*': { artist_href: 'javascript:alert(1)' } }));
    await assert.rejects(run(store, 'import', 'neko', file, '--credits', badJson), UsageError);
    await assert.rejects(run(store, 'import', 'neko', file, '--credits', badUrl), /artist_href/);
    await assert.rejects(run(store, 'import', '../etc', file), UsageError);
    await assert.rejects(run(store, 'import', 'neko'), UsageError);
    await assert.rejects(run(store, 'import', 'neko', join(work, 'missing.png')), /no such file/);
    assert.equal((await store.stats()).files, 0);
  });

  it('import into a pool no route serves warns', async () => {
    const store = await openTestStore();
    const file = join(work, 'two.png');
    writeFileSync(file, await png(6));
    const result = await run(store, 'import', 'misc', file);
    assert.ok(result.err.some((l) => l.includes('no route serves')));
    const privateOne = await run(store, 'import', 'backstage', file);
    assert.ok(!privateOne.err.some((l) => l.includes('no route serves')));
  });

  it('list, remove and stats', async () => {
    const store = await openTestStore();
    const { sha256 } = await store.addBuffer('neko', await png(7, 40, 30), { artistName: 'Ann' });
    await store.addBuffer('hug', await gif(8));
    const list = await run(store, 'list', 'neko');
    assert.equal(list.out.length, 1);
    assert.match(list.out[0], new RegExp(`^neko\\t${sha256}\\.png\\t.+\\t40x30\\tAnn$`));
    assert.equal((await run(store, 'list')).out.length, 2);
    assert.match((await run(store, 'list', 'pat')).err[0], /empty/);

    const stats = await run(store, 'stats');
    assert.match(stats.out[0], /^2 files, /);
    assert.ok(stats.out.includes('neko\t1'));

    const missing = await run(store, 'remove', 'hug', sha256);
    assert.equal(missing.code, 1);
    const removed = await run(store, 'remove', 'neko', `${sha256}.png`);
    assert.equal(removed.code, 0);
    assert.match(removed.out[0], /file is deleted/);
    await assert.rejects(run(store, 'remove', 'neko', 'abc'), UsageError);
    await assert.rejects(run(store, 'frobnicate'), UsageError);
    await assert.rejects(run(store, 'list', 'neko', '--limit', '0'), UsageError);
  });

  it('runs as a command against the configured data directory', async () => {
    const dataDir = mkdtempSync(join(work, 'data-'));
    const file = join(work, 'cmd.png');
    writeFileSync(file, await png(9));
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SESSION_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'silent',
    };
    const exec = promisify(execFile);
    const imported = await exec(
      process.execPath,
      ['--import', 'tsx', 'src/cli/media.ts', 'import', 'neko', file],
      { env },
    );
    assert.match(imported.stdout, /1 added/);
    // A still for a reaction GIF category is refused, with the exit code of every refusal.
    await assert.rejects(
      exec(process.execPath, ['--import', 'tsx', 'src/cli/media.ts', 'import', 'hug', file], { env }),
      (error: { code?: number; stderr?: string }) => {
        assert.equal(error.code, 1);
        assert.match(error.stderr ?? '', /refused .*"hug" takes animated GIFs/);
        return true;
      },
    );
    const stats = await exec(process.execPath, ['--import', 'tsx', 'src/cli/media.ts', 'stats'], { env });
    assert.match(stats.stdout, /^1 files/);
    await assert.rejects(
      exec(process.execPath, ['--import', 'tsx', 'src/cli/media.ts', 'nothing'], { env }),
      (error: { code?: number; stderr?: string }) => {
        assert.equal(error.code, 2);
        assert.match(error.stderr ?? '', /usage:/);
        return true;
      },
    );
  });
});
