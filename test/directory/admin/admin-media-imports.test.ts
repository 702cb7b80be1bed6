import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { assertProblem } from '../../helpers/assert-problem.js';
import { loggedInBrowser } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { type LoopbackServer, startLoopbackHttps } from '../../lib/safe-fetch/loopback-https.js';
import { gif, png } from '../../media/fixtures.js';

// The remote files of the manifests: a loopback HTTPS server (the app is told to let loopback
// through, as tests of the safe fetcher do). Nothing leaves the machine.
let files: LoopbackServer;
const served = new Map<string, { body: Buffer | string; type: string }>();
let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof loggedInBrowser>>;
let member: Awaited<ReturnType<typeof loggedInBrowser>>;
const OUTSIDE = '203.0.113.20';

before(async () => {
  for (let i = 1; i <= 6; i++) served.set(`/neko-${i}.png`, { body: await png(100 + i), type: 'image/png' });
  served.set('/hug.gif', { body: await gif(7), type: 'image/gif' });
  served.set('/page.png', { body: '<html>not an image</html>', type: 'image/png' });
  files = await startLoopbackHttps((req, res) => {
    const file = served.get(req.url ?? '');
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  app = await buildTestApp({ allowLoopbackFetchForTests: true });
  admin = await loggedInBrowser(app, { role: 'admin', remoteAddress: OUTSIDE });
  member = await loggedInBrowser(app, { remoteAddress: OUTSIDE });
});
after(() => files.close());

const row = (path: string, extra: Record<string, string> = {}) => ({
  url: `${files.origin}${path}`,
  category: 'neko',
  artist_name: 'Someone',
  ...extra,
});

async function settled(id: number) {
  // A generous deadline: a loaded machine is slow, and the import only has to end.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await admin.get(`/api/admin/media/imports/${id}`);
    assert.equal(res.statusCode, 200, res.body);
    const progress = res.json().import;
    if (progress.status !== 'running') return progress;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  assert.fail('the import did not end');
}

describe('POST /api/admin/media/imports', () => {
  test('an admin starts an import (202), its progress reaches done, failed rows are reported by line', async () => {
    const manifest = [
      row('/neko-1.png'),
      row('/neko-2.png', { artist_href: 'https://example.org/someone' }),
      row('/missing.png'),
      row('/page.png'),
      row('/hug.gif', { category: 'hug' }),
      row('/neko-1.png', { category: 'hug' }),
    ];
    const res = await admin.post('/api/admin/media/imports', manifest);
    assert.equal(res.statusCode, 202, res.body);
    const started = res.json().import;
    assert.equal(started.total, 6);
    assert.equal(started.startedBy, admin.username);
    assert.equal(started.format, 'json');

    const end = await settled(started.id);
    assert.equal(end.status, 'done');
    assert.equal(end.processed, 6);
    assert.deepEqual(end.counts, { added: 3, linked: 0, updated: 0, duplicate: 0, skipped: 0, failed: 3 });
    assert.ok(end.bytes > 0);
    assert.equal(end.etaSeconds, null);
    assert.match(end.summary, /^6\/6 rows, 3 failed/);
    assert.deepEqual(
      end.failures.map((f: { line: number }) => f.line),
      [3, 4, 6],
    );
    assert.match(end.failures[0].reason, /404/);
    assert.match(end.failures[1].reason, /not|image|media/i);
    assert.match(end.failures[2].reason, /hug/);

    // The files are in the store, credited.
    const neko = (await app.inject('/api/v1/neko?amount=20')).json().results;
    assert.ok(neko.some((r: { artist_name: string }) => r.artist_name === 'Someone'));
  });

  test('the same manifest again skips what was imported and fetches nothing of it', async () => {
    const manifest = [row('/neko-3.png'), row('/neko-4.png')];
    const first = await settled((await admin.post('/api/admin/media/imports', manifest)).json().import.id);
    assert.equal(first.counts.added, 2);
    const again = await settled((await admin.post('/api/admin/media/imports', manifest)).json().import.id);
    assert.deepEqual(again.counts, { added: 0, linked: 0, updated: 0, duplicate: 0, skipped: 2, failed: 0 });
    assert.equal(again.bytes, 0);
  });

  test('NDJSON and CSV uploads, with their line numbers', async () => {
    const ndjson = `${JSON.stringify(row('/neko-5.png'))}\n\n${JSON.stringify(row('/gone.png'))}\n`;
    const a = await admin.post('/api/admin/media/imports', ndjson, {
      headers: { 'content-type': 'application/x-ndjson' },
    });
    assert.equal(a.statusCode, 202, a.body);
    const endA = await settled(a.json().import.id);
    assert.equal(endA.format, 'ndjson');
    assert.deepEqual(
      endA.failures.map((f: { line: number }) => f.line),
      [3],
    );

    const csv = `url,category,artist_name\n${files.origin}/neko-6.png,neko,"Someone, else"\n`;
    const b = await admin.post('/api/admin/media/imports', csv, { headers: { 'content-type': 'text/csv' } });
    assert.equal(b.statusCode, 202, b.body);
    const endB = await settled(b.json().import.id);
    assert.equal(endB.format, 'csv');
    assert.equal(endB.counts.added, 1);
  });

  test('a bad manifest is a 400 naming each bad row by its line; nothing starts', async () => {
    const before = (await admin.get('/api/admin/media/imports')).json().imports.length;
    const ndjson = [
      JSON.stringify(row('/neko-1.png')),
      JSON.stringify(row('/neko-2.png', { category: 'nonsense' })),
      'not json',
      JSON.stringify({ path: '/etc/passwd', category: 'neko' }),
      JSON.stringify(row('/x.png', { url: 'http://example.org/x.png' })),
    ].join('\n');
    const res = await admin.post('/api/admin/media/imports', ndjson, {
      headers: { 'content-type': 'application/x-ndjson' },
    });
    assertProblem(res, 400, 'VALIDATION_FAILED');
    const errors = res.json().errors as Array<{ field: string; message: string }>;
    assert.deepEqual(
      errors.map((e) => e.field),
      ['line 2', 'line 3', 'line 4', 'line 5'],
    );
    assert.match(errors[0].message, /unknown category "nonsense"/);
    assert.match(errors[2].message, /only url rows/);
    assert.match(errors[3].message, /https/);

    assertProblem(await admin.post('/api/admin/media/imports', { rows: [] }), 400, 'VALIDATION_FAILED');
    assertProblem(await admin.post('/api/admin/media/imports', []), 400, 'VALIDATION_FAILED');
    const csv = await admin.post('/api/admin/media/imports', 'link,category\nx,neko\n', {
      headers: { 'content-type': 'text/csv' },
    });
    assertProblem(csv, 400, 'VALIDATION_FAILED');
    assert.match(csv.json().detail, /unknown CSV columns: link/);
    assert.equal((await admin.get('/api/admin/media/imports')).json().imports.length, before);
  });

  test('other body types are a 415, an oversized manifest a 413', async () => {
    const form = await admin.post('/api/admin/media/imports', 'url=x', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(form.statusCode, 415);
    const huge = `url,category\n${`${files.origin}/neko-1.png,neko\n`.repeat(200_000)}`;
    const big = await admin.post('/api/admin/media/imports', huge, {
      headers: { 'content-type': 'text/csv' },
    });
    assertProblem(big, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('who may import', () => {
  let manifest: Array<Record<string, string>>;
  before(() => {
    manifest = [row('/neko-1.png')];
  });

  test('from outside without a session: 401; a member: 403; an admin without the CSRF token: 403', async () => {
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/admin/media/imports',
      payload: manifest,
      remoteAddress: OUTSIDE,
    });
    assertProblem(anonymous, 401, 'UNAUTHENTICATED');
    assertProblem(
      await app.inject({ url: '/api/admin/media/imports/1', remoteAddress: OUTSIDE }),
      401,
      'UNAUTHENTICATED',
    );
    assertProblem(await member.post('/api/admin/media/imports', manifest), 403, 'FORBIDDEN');
    assertProblem(await member.get('/api/admin/media/imports/1'), 403, 'FORBIDDEN');
    assertProblem(
      await admin.post('/api/admin/media/imports', manifest, { csrf: false }),
      403,
      'CSRF_INVALID',
    );
  });

  test('the operator on loopback needs no session, but not with a body a foreign page could send', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/admin/media/imports', payload: manifest });
    assert.equal(res.statusCode, 202, res.body);
    assert.equal(res.json().import.startedBy, 'operator');
    await settled(res.json().import.id);
    const progress = await app.inject({ url: `/api/admin/media/imports/${res.json().import.id}` });
    assert.equal(progress.statusCode, 200);
    // A page elsewhere can make the operator's browser post a form to loopback, never JSON or CSV.
    const formPost = await app.inject({
      method: 'POST',
      url: '/api/admin/media/imports',
      payload: 'url,category\n',
      headers: { 'content-type': 'text/plain' },
    });
    assertProblem(formPost, 401, 'UNAUTHENTICATED');
    // Relayed by a proxy: not the operator.
    const relayed = await app.inject({
      method: 'POST',
      url: '/api/admin/media/imports',
      payload: manifest,
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    assertProblem(relayed, 401, 'UNAUTHENTICATED');
  });

  test('an unknown import is a 404', async () => {
    assertProblem(await admin.get('/api/admin/media/imports/999999'), 404, 'NOT_FOUND');
  });
});
