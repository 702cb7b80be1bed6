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
      /neko: 2 added, 0 linked to stored bytes, 1 duplicates skipped, 2 refused/,
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
      /0 added, 0 linked to stored bytes, 2 duplicates skipped, 0 refused/,
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
