import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE } from '../../../src/v1/media/serve-stored-file.js';
import { assertProblem } from '../../helpers/assert-problem.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { png, storeOf } from '../../media/fixtures.js';

describe('GET /api/v1/files/:name', () => {
  let app: FastifyInstance;
  let bytes: Buffer;
  let url: string;
  let sha256: string;

  before(async () => {
    app = await buildTestApp({ privatePools: ['hidden'] });
    bytes = await png(11, 64, 48);
    ({ sha256 } = await storeOf(app).addBuffer('neko', bytes));
    url = `/api/v1/files/${sha256}.png`;
  });

  it('serves the bytes with a strong ETag and immutable caching', async () => {
    const res = await app.inject({ url });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.rawPayload, bytes);
    assert.equal(res.headers['content-type'], 'image/png');
    assert.equal(res.headers.etag, `"${sha256}"`);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(res.headers['accept-ranges'], 'bytes');
    assert.equal(Number(res.headers['content-length']), bytes.length);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url });
    assert.equal(res.statusCode, 200);
    assert.equal(Number(res.headers['content-length']), bytes.length);
    assert.equal(res.rawPayload.length, 0);
  });

  it('If-None-Match with the ETag → 304 without a body', async () => {
    const res = await app.inject({ url, headers: { 'if-none-match': `"${sha256}"` } });
    assert.equal(res.statusCode, 304);
    assert.equal(res.rawPayload.length, 0);
    assert.equal(res.headers.etag, `"${sha256}"`);
    const other = await app.inject({ url, headers: { 'if-none-match': '"something-else"' } });
    assert.equal(other.statusCode, 200);
  });

  it('Range: the first byte', async () => {
    const res = await app.inject({ url, headers: { range: 'bytes=0-0' } });
    assert.equal(res.statusCode, 206);
    assert.equal(res.headers['content-range'], `bytes 0-0/${bytes.length}`);
    assert.deepEqual(res.rawPayload, bytes.subarray(0, 1));
  });

  it('Range: the last byte', async () => {
    const last = bytes.length - 1;
    const res = await app.inject({ url, headers: { range: `bytes=${last}-${last}` } });
    assert.equal(res.statusCode, 206);
    assert.equal(res.headers['content-range'], `bytes ${last}-${last}/${bytes.length}`);
    assert.deepEqual(res.rawPayload, bytes.subarray(last));
  });

  it('Range: a suffix, as `curl -C -` resumes', async () => {
    const res = await app.inject({ url, headers: { range: 'bytes=-10' } });
    assert.equal(res.statusCode, 206);
    assert.equal(
      res.headers['content-range'],
      `bytes ${bytes.length - 10}-${bytes.length - 1}/${bytes.length}`,
    );
    assert.deepEqual(res.rawPayload, bytes.subarray(bytes.length - 10));
    const resume = await app.inject({ url, headers: { range: 'bytes=20-' } });
    assert.equal(resume.statusCode, 206);
    assert.deepEqual(resume.rawPayload, bytes.subarray(20));
  });

  it('Range beyond the end → 416 problem with the size in Content-Range', async () => {
    const res = await app.inject({ url, headers: { range: `bytes=${bytes.length}-` } });
    assertProblem(res, 416, 'RANGE_NOT_SATISFIABLE');
    assert.equal(res.headers['content-range'], `bytes */${bytes.length}`);
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  });

  it('Range: a suffix longer than the file is the whole file as 206 (RFC 9110 §14.1.3)', async () => {
    const res = await app.inject({ url, headers: { range: `bytes=-${bytes.length + 100_000}` } });
    assert.equal(res.statusCode, 206);
    assert.equal(res.headers['content-range'], `bytes 0-${bytes.length - 1}/${bytes.length}`);
    assert.deepEqual(res.rawPayload, bytes);
    assert.equal(res.headers['cache-control'], IMMUTABLE);
  });

  it('If-Match: our tag or * passes, another or a weak tag → 412 problem', async () => {
    for (const ifMatch of [`"${sha256}"`, `"other", "${sha256}"`, '*']) {
      const res = await app.inject({ url, headers: { 'if-match': ifMatch } });
      assert.equal(res.statusCode, 200, ifMatch);
      assert.deepEqual(res.rawPayload, bytes);
    }
    const ranged = await app.inject({ url, headers: { 'if-match': `"${sha256}"`, range: 'bytes=2-5' } });
    assert.equal(ranged.statusCode, 206);
    assert.deepEqual(ranged.rawPayload, bytes.subarray(2, 6));
    for (const ifMatch of ['"other"', `W/"${sha256}"`]) {
      const res = await app.inject({ url, headers: { 'if-match': ifMatch } });
      assertProblem(res, 412, 'PRECONDITION_FAILED', ifMatch);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
      assert.equal(res.json().status, 412);
    }
  });

  it('If-Unmodified-Since is ignored: the files have no modification date', async () => {
    for (const date of ['Sat, 01 Jan 2000 00:00:00 GMT', new Date().toUTCString()]) {
      const res = await app.inject({ url, headers: { 'if-unmodified-since': date } });
      assert.equal(res.statusCode, 200, date);
      assert.deepEqual(res.rawPayload, bytes);
    }
    const modified = await app.inject({ url, headers: { 'if-modified-since': new Date().toUTCString() } });
    assert.equal(modified.statusCode, 200);
  });

  it('the caching headers go with the file only: 200, 206 and 304, never an error', async () => {
    const answers = {
      200: await app.inject({ url }),
      206: await app.inject({ url, headers: { range: 'bytes=0-3' } }),
      304: await app.inject({ url, headers: { 'if-none-match': `"${sha256}"` } }),
      412: await app.inject({ url, headers: { 'if-match': '"other"' } }),
      416: await app.inject({ url, headers: { range: `bytes=${bytes.length}-` } }),
      404: await app.inject({ url: `/api/v1/files/${'0'.repeat(64)}.png` }),
    };
    for (const [status, res] of Object.entries(answers)) {
      assert.equal(res.statusCode, Number(status));
      const cacheable = ['200', '206', '304'].includes(status);
      assert.equal(
        res.headers['cache-control'] === IMMUTABLE,
        cacheable,
        `${status}: ${res.headers['cache-control']}`,
      );
      assert.equal(res.headers.etag === `"${sha256}"`, cacheable, `${status}: ${res.headers.etag}`);
    }
  });

  it('a file whose bytes went missing on disk is a 404 without the file headers', async () => {
    const { sha256: gone } = await storeOf(app).addBuffer('waifu', await png(13));
    await app.blobs.delete(storeOf(app).keyOf(gone, 'png'));
    const res = await app.inject({ url: `/api/v1/files/${gone}.png` });
    assert.equal(res.statusCode, 404);
    assert.notEqual(res.headers['cache-control'], IMMUTABLE);
    assert.equal(res.headers.etag, undefined);
  });

  it('several ranges are refused cleanly: the whole file with 200', async () => {
    const res = await app.inject({ url, headers: { range: 'bytes=0-1,5-6' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-range'], undefined);
    assert.deepEqual(res.rawPayload, bytes);
  });

  it('a Range whose If-Range names another version gets the whole file', async () => {
    const stale = await app.inject({ url, headers: { range: 'bytes=0-9', 'if-range': '"old"' } });
    assert.equal(stale.statusCode, 200);
    assert.deepEqual(stale.rawPayload, bytes);
    const fresh = await app.inject({ url, headers: { range: 'bytes=0-9', 'if-range': `"${sha256}"` } });
    assert.equal(fresh.statusCode, 206);
    assert.equal(fresh.rawPayload.length, 10);
  });

  it('an unknown hash or a wrong extension → 404', async () => {
    assert.equal((await app.inject({ url: `/api/v1/files/${'0'.repeat(64)}.png` })).statusCode, 404);
    assert.equal((await app.inject({ url: `/api/v1/files/${sha256}.gif` })).statusCode, 404);
  });

  it('path traversal and encoded slashes never reach the file system', async () => {
    // A file one could hope to reach from the store's directory.
    writeFileSync(join(app.config.dataDir, 'secret.txt'), 'TOP-SECRET-MARKER');
    const attempts = [
      '/api/v1/files/..%2f..%2f..%2fsecret.txt',
      '/api/v1/files/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.txt',
      '/api/v1/files/%2e%2e/%2e%2e/secret.txt',
      '/api/v1/files/..%5c..%5c..%5csecret.txt',
      '/api/v1/files/..\\..\\..\\secret.txt',
      '/api/v1/files/../../../secret.txt',
      `/api/v1/files/${sha256}.png%2f..%2f..%2f..%2f..%2fsecret.txt`,
      `/api/v1/files/${sha256}.png%00.txt`,
      `/api/v1/files/${sha256.toUpperCase()}.png`,
      '/api/v1/files/%252e%252e%252fsecret.txt',
      '/api/v1/media/..%2f..%2fsecret.txt?raw=1',
      '/api/v1/media/%2e%2e?raw=1',
    ];
    for (const attempt of attempts) {
      const res = await app.inject({ url: attempt });
      assert.ok([400, 404].includes(res.statusCode), `${attempt} → ${res.statusCode}`);
      assert.ok(!res.body.includes('TOP-SECRET-MARKER'), attempt);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/, attempt);
    }
  });

  it('a file that only private pools use is visible from loopback only', async () => {
    const { sha256: hidden } = await storeOf(app).addBuffer('hidden', await png(12));
    const path = `/api/v1/files/${hidden}.png`;
    assert.equal((await app.inject({ url: path })).statusCode, 200);
    assert.equal((await app.inject({ url: path, remoteAddress: '203.0.113.7' })).statusCode, 404);
    assert.equal(
      (await app.inject({ url: path, headers: { 'x-forwarded-for': '203.0.113.7' } })).statusCode,
      404,
    );
    // The public file stays public for everyone.
    assert.equal((await app.inject({ url, remoteAddress: '203.0.113.7' })).statusCode, 200);
  });

  it('from outside, a private file and a file that does not exist answer alike', async () => {
    const { sha256: hidden } = await storeOf(app).addBuffer('hidden', await png(14));
    const unknown = 'f'.repeat(64);
    const remote = await app.inject({ url: `/api/v1/files/${hidden}.png`, remoteAddress: '203.0.113.7' });
    const missing = await app.inject({ url: `/api/v1/files/${unknown}.png`, remoteAddress: '203.0.113.7' });
    assert.equal(remote.statusCode, missing.statusCode);
    assert.equal(remote.headers['content-type'], missing.headers['content-type']);
    const body = (res: typeof remote, name: string) => JSON.parse(res.body.replaceAll(name, '<hash>'));
    assert.deepEqual(body(remote, hidden), body(missing, unknown));
    assert.equal(remote.json().detail, `No file ${hidden}.png.`);
  });
});
