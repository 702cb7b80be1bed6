import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runMediaCommand, UsageError } from '../../src/media/media-commands.js';
import type { MediaStore } from '../../src/media/media-store.js';
import { gif, openTestStore, png } from '../media/fixtures.js';

const work = mkdtempSync(join(tmpdir(), 'kizuna-manifest-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** Remote files of the test: URL → bytes; any other URL fails as a broken link does. */
function fakeRemote(files: Record<string, Buffer>) {
  const asked: string[] = [];
  const fetchBytes = async (url: string, maxBytes: number) => {
    asked.push(url);
    const bytes = files[url];
    if (!bytes) throw new Error('url: HTTP 404');
    if (bytes.length > maxBytes) throw new Error('url: the file is larger than allowed');
    return bytes;
  };
  return { asked, fetchBytes };
}

async function run(
  store: MediaStore,
  argv: string[],
  fetchBytes?: (url: string, maxBytes: number) => Promise<Buffer>,
  isTTY = false,
) {
  const out: string[] = [];
  const err: string[] = [];
  const progress: string[] = [];
  const code = await runMediaCommand(
    argv,
    store,
    { privatePools: [] },
    {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      progress: { isTTY, write: (text) => progress.push(text) },
      ...(fetchBytes ? { fetchBytes } : {}),
    },
  );
  return { code, out, err, progress };
}

describe('npm run media -- import-manifest / export-manifest', () => {
  it('imports remote and local rows with their credits, reports bad rows by line, and resumes', async () => {
    const store = await openTestStore();
    const dir = join(work, 'first');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'local.png'), await png(11));
    writeFileSync(join(dir, 'notes.txt'), 'not an image');
    const remote = fakeRemote({
      'https://img.example/neko.png': await png(12),
      'https://img.example/hug.gif': await gif(13),
      'https://img.example/same.png': await png(12),
      'https://img.example/page.html': Buffer.from('<html>hello</html>'),
      'https://img.example/huge.png': Buffer.alloc(2 * 1024 * 1024, 1),
    });
    const rows = [
      {
        url: 'https://img.example/neko.png',
        category: 'neko',
        artist_name: 'Mika',
        artist_href: 'https://art.example/mika',
        source_url: 'https://art.example/mika/1',
      },
      { url: 'https://img.example/hug.gif', category: 'hug', anime_name: 'Frieren' },
      { path: 'local.png', category: 'waifu', artist_name: 'Local' },
      { url: 'https://img.example/same.png', category: 'neko' },
      { url: 'https://img.example/page.html', category: 'neko' },
      { url: 'https://img.example/missing.png', category: 'neko' },
      { url: 'https://img.example/huge.png', category: 'neko' },
      { path: 'notes.txt', category: 'neko' },
      { url: 'https://img.example/x.png', category: 'not-a-category' },
    ];
    const file = join(dir, 'manifest.ndjson');
    writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n'));

    const first = await run(
      store,
      ['import-manifest', file, '--parallel', '3', '--max-mb', '1'],
      remote.fetchBytes,
    );
    assert.equal(first.code, 1, 'failed rows make the exit code 1');
    // Rows 1 and 4 hold the same bytes; whichever of the parallel rows is stored second is the
    // duplicate, or corrects the credits when it brings some (row 1 does).
    assert.match(
      first.out.at(-1) ?? '',
      /^9 rows: 3 added, 0 linked to stored bytes, (0 credits updated, 1 duplicates|1 credits updated, 0 duplicates), 0 imported before, 5 failed$/,
    );
    const failedLine = (n: number) => first.err.find((l) => l.startsWith(`failed     line ${n}:`)) ?? '';
    assert.match(failedLine(5), /not a supported media file/);
    assert.match(failedLine(6), /HTTP 404/);
    assert.match(failedLine(7), /larger than allowed/);
    assert.match(failedLine(8), /not a supported media file/);
    assert.match(failedLine(9), /unknown category "not-a-category"/);
    assert.ok(first.out.some((l) => /^(duplicate {2}line 4|updated {4}line 1)/.test(l)));
    assert.ok(
      first.progress.some((p) => p.startsWith('progress: 8/8 rows, 4 failed')),
      'a plain progress line',
    );

    const neko = await store.poolItems('neko');
    assert.equal(neko.length, 1);
    assert.equal(neko[0]?.artist_name, 'Mika');
    assert.equal(neko[0]?.artist_href, 'https://art.example/mika');
    assert.equal(neko[0]?.source_url, 'https://art.example/mika/1');
    assert.equal((await store.poolItems('hug'))[0]?.anime_name, 'Frieren');
    assert.equal((await store.poolItems('waifu'))[0]?.artist_name, 'Local');

    // The failed rows, as a manifest to fix and import again.
    const failed = readFileSync(`${file}.failed.ndjson`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(failed.length, 5);
    assert.ok(failed.some((r) => r.category === 'not-a-category'));

    // Again: the rows imported before (the duplicate too) are skipped without fetching; nothing is added.
    const askedBefore = remote.asked.length;
    const again = await run(store, ['import-manifest', file, '--max-mb', '1'], remote.fetchBytes);
    assert.match(again.out.at(-1) ?? '', / 0 added, .* 4 imported before, 5 failed$/);
    assert.equal(remote.asked.length - askedBefore, 3, 'only the failed remote rows were fetched again');
    assert.equal((await store.poolItems('neko')).length, 1);
  });

  it('remote URLs go through the safe fetcher: a private address is refused and nothing is stored', async () => {
    const store = await openTestStore();
    const file = join(work, 'private.csv');
    writeFileSync(file, 'url,category\nhttps://127.0.0.1/cat.png,neko\nhttps://10.0.0.8/cat.png,neko\n');
    const result = await run(store, ['import-manifest', file]);
    assert.equal(result.code, 1);
    assert.equal(result.err.filter((l) => /^failed {5}line [23]: url: /.test(l)).length, 2);
    assert.equal((await store.poolItems('neko')).length, 0);
  });

  it('a terminal gets a live bar with counts, bytes and rate', async () => {
    const store = await openTestStore();
    const file = join(work, 'tty.json');
    writeFileSync(file, JSON.stringify([{ url: 'https://img.example/a.png', category: 'neko' }]));
    const remote = fakeRemote({ 'https://img.example/a.png': await png(21) });
    const result = await run(store, ['import-manifest', file], remote.fetchBytes, true);
    assert.equal(result.code, 0);
    assert.ok(result.progress.some((p) => /^\r\[#+\] 1\/1 rows, 0 failed, [\d.]+ (B|KiB), /.test(p)));
    assert.ok(result.out.some((l) => l.startsWith('added      item 1 → neko/')));
  });

  it('export-manifest writes files and a manifest that another instance imports as it was', async () => {
    const source = await openTestStore();
    const dir = join(work, 'export-src');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a.png'), await png(31));
    writeFileSync(join(dir, 'b.gif'), await gif(32));
    writeFileSync(
      join(dir, 'in.csv'),
      'path,category,artist_name,artist_href\na.png,neko,"Ann, A.",https://ann.example\nb.gif,hug,,\n',
    );
    assert.equal((await run(source, ['import-manifest', join(dir, 'in.csv')])).code, 0);

    for (const format of ['ndjson', 'csv', 'json'] as const) {
      const out = join(work, `export-${format}`);
      const exported = await run(source, ['export-manifest', out, '--format', format]);
      assert.equal(exported.code, 0);
      assert.match(exported.out.at(-1) ?? '', /2 items exported/);
      const target = await openTestStore();
      const imported = await run(target, ['import-manifest', join(out, `manifest.${format}`)]);
      assert.equal(imported.code, 0, imported.err.join('\n'));
      const neko = await target.poolItems('neko');
      assert.equal(neko.length, 1);
      assert.equal(neko[0]?.artist_name, 'Ann, A.');
      assert.equal(neko[0]?.artist_href, 'https://ann.example');
      assert.equal((await target.poolItems('hug')).length, 1);
    }
  });

  it('usage errors: no file, an unknown format, bad numbers', async () => {
    const store = await openTestStore();
    await assert.rejects(run(store, ['import-manifest']), UsageError);
    await assert.rejects(run(store, ['import-manifest', join(work, 'rows.txt')]), /\.json, \.ndjson/);
    await assert.rejects(
      run(store, ['import-manifest', join(work, 'absent.json')]),
      /cannot read the manifest/,
    );
    await assert.rejects(run(store, ['import-manifest', 'x.json', '--parallel', '0']), /--parallel/);
    await assert.rejects(run(store, ['export-manifest', work, '--format', 'xml']), /--format/);
  });
});
