import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { progressBar, progressText } from '../../src/media/import-progress.js';
import { formatManifest, ManifestError, parseCsv, parseManifest } from '../../src/media/manifest.js';

const known = (pool: string) => ['neko', 'hug', 'menu'].includes(pool);

describe('manifest', () => {
  it('reads the same rows from JSON, NDJSON and CSV', () => {
    const row = {
      url: 'https://images.example/neko-1.png',
      category: 'neko',
      artist_name: 'Mika, "the" artist',
      artist_href: 'https://art.example/mika',
    };
    const json = parseManifest(JSON.stringify([row]), 'json', known);
    const ndjson = parseManifest(`${JSON.stringify(row)}\n`, 'ndjson', known);
    const csv = parseManifest(formatManifest([row], 'csv'), 'csv', known);
    for (const parsed of [json, ndjson, csv]) {
      assert.deepEqual(parsed.problems, []);
      assert.equal(parsed.rows.length, 1);
      assert.deepEqual(parsed.rows[0]?.source, { url: row.url });
      assert.equal(parsed.rows[0]?.pool, 'neko');
      assert.equal(parsed.rows[0]?.credits.artist_name, 'Mika, "the" artist');
    }
    assert.equal(csv.rows[0]?.line, 2, 'the header is line 1');
  });

  it('reports every bad row with its line and reason, and keeps the good ones', () => {
    const text = [
      '{"path":"a.png","pool":"menu"}',
      '{"url":"http://images.example/x.png","category":"neko"}',
      'not json',
      '{"path":"b.png","category":"nope"}',
      '{"path":"c.png"}',
      '{"path":"d.png","url":"https://x.example/d.png","category":"neko"}',
      '{"path":"e.png","category":"hug","colour":"red"}',
      '{"path":"f.png","category":"hug","artist_href":"javascript:alert(1)"}',
      '',
      '{"path":"g.png","category":"hug","pool":"neko"}',
    ].join('\n');
    const { rows, problems } = parseManifest(text, 'ndjson', known);
    assert.deepEqual(
      rows.map((r) => r.line),
      [1],
    );
    assert.deepEqual(
      problems.map((p) => p.line),
      [2, 3, 4, 5, 6, 7, 8, 10],
    );
    const reason = (line: number) => problems.find((p) => p.line === line)?.reason ?? '';
    assert.match(reason(2), /only https/);
    assert.match(reason(3), /not a JSON object/);
    assert.match(reason(4), /unknown category "nope"/);
    assert.match(reason(5), /category/);
    assert.match(reason(6), /exactly one of url and path/);
    assert.match(reason(7), /colour/);
    assert.match(reason(8), /artist_href/);
    assert.match(reason(10), /same thing/);
  });

  it('refuses a file that is no manifest at all', () => {
    assert.throws(() => parseManifest('{"a":1}', 'json', known), ManifestError);
    assert.throws(() => parseManifest('[', 'json', known), ManifestError);
    assert.throws(
      () => parseManifest('path,colour\na.png,red\n', 'csv', known),
      /unknown CSV columns: colour/,
    );
  });

  it('CSV: quotes, doubled quotes, line breaks inside quotes, CRLF and a short row', () => {
    assert.deepEqual(parseCsv('a,b\r\n"x, ""y""","two\nlines"\nlast,\n'), [
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, "y"', 'two\nlines'] },
      { line: 4, cells: ['last', ''] },
    ]);
    const { problems } = parseManifest('path,category\na.png\n', 'csv', known);
    assert.match(problems[0]?.reason ?? '', /1 cells where the header names 2/);
  });

  it('progress reads the same on a terminal and in a log', () => {
    const state = { total: 100, done: 25, failed: 1, bytes: 10 * 1024 * 1024, elapsedMs: 10_000 };
    assert.equal(progressText(state), '25/100 rows, 1 failed, 10.0 MiB, 1.0 MiB/s, ETA 30s');
    assert.equal(progressBar(state, 8), '[##------]');
    assert.equal(progressText({ ...state, done: 100 }), '100/100 rows, 1 failed, 10.0 MiB, 1.0 MiB/s');
    // A slow rate is whole bytes per second, not a fraction.
    assert.equal(
      progressText({ total: 3, done: 3, failed: 0, bytes: 220, elapsedMs: 332 }),
      '3/3 rows, 0 failed, 220 B, 663 B/s',
    );
  });
});
