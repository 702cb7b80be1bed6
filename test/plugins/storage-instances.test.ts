import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { downloaderFor } from '../../src/downloader/downloader-for.js';
import type { Engine } from '../../src/downloader/engine.js';
import { parseStorageUrl } from '../../src/lib/storage/storage-url.js';
import { imageBytes, submitGroup, VALID_FIELDS } from '../directory/groups/group-fixtures.js';
import { settled } from '../downloader/fake-engine.js';
import { loggedInBrowser } from '../helpers/browser.js';
import { startTestS3, type TestS3, useS3rverCredentials } from '../helpers/s3-server.js';
import { createTestResources, type TestResources, testConfig } from '../helpers/test-app.js';
import { png, storeOf } from '../media/fixtures.js';

// The head of an MP4 (ftyp box) and some more: what a finished download holds.
const CLIP = Buffer.concat([
  Buffer.from('0000001866747970697336d00000000069736f6d', 'hex'),
  Buffer.alloc(500, 7),
]);

/**
 * Two instances of one deployment in one process: one database (the same SQLite file, or the
 * TEST_DATABASE_URL database), one S3 store (TEST_STORAGE_URL, or an s3rver of this test), one
 * Redis when TEST_REDIS_URL is set, and a DATA_DIR each, as on two machines. What one stores, the
 * other serves.
 */
describe('two instances sharing one database and one S3 store', () => {
  let resources: TestResources;
  let s3: TestS3 | undefined;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const ran: string[] = [];

  before(async () => {
    resources = await createTestResources();
    let storage = resources.storage;
    if (storage.kind !== 's3') {
      useS3rverCredentials();
      s3 = await startTestS3(['kizuna-instances']);
      storage = parseStorageUrl(s3.storageUrl('kizuna-instances', 'shared'));
    }
    const shared = { ...testConfig(resources), storage };
    a = await buildApp(shared, { logger: false });
    const otherDataDir = mkdtempSync(join(tmpdir(), 'kizuna-instance-b-'));
    after(() => rmSync(otherDataDir, { recursive: true, force: true }));
    // Its own DATA_DIR; the SQLite file (sqlitePath) stays the one of A.
    b = await buildApp({ ...shared, dataDir: otherDataDir }, { logger: false });
    for (const [name, app] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const engine: Engine = {
        async run(context) {
          ran.push(name);
          await writeFile(join(context.workDir, 'Clip [abc].mp4'), CLIP);
        },
      };
      const service = await downloaderFor(app);
      for (const platform of Object.keys(service.engines) as Array<keyof typeof service.engines>)
        service.engines[platform] = engine;
    }
  });

  after(async () => {
    await a?.close();
    await b?.close();
    await resources?.release();
    await s3?.stop();
  });

  it('a logo uploaded on A is served by B, with the same ETag and Range', async () => {
    const user = await loggedInBrowser(a);
    const res = await submitGroup(user, {
      ...VALID_FIELDS,
      logo: { bytes: await imageBytes('png', 300, 200), filename: 'logo.png' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const path = new URL(res.json().group.logoUrl).pathname;
    const onA = await a.inject({ url: path });
    const onB = await b.inject({ url: path });
    assert.equal(onB.statusCode, 200);
    assert.deepEqual(onB.rawPayload, onA.rawPayload);
    assert.equal(onB.headers.etag, onA.headers.etag);
    assert.equal(onB.headers['content-type'], 'image/png');
    const part = await b.inject({ url: path, headers: { range: 'bytes=1-3' } });
    assert.equal(part.statusCode, 206);
    assert.equal(part.rawPayload.toString('latin1'), 'PNG');
    const again = await b.inject({ url: path, headers: { 'if-none-match': String(onA.headers.etag) } });
    assert.equal(again.statusCode, 304);
  });

  it('media imported through A is picked and served by B: raw=1 with Range, and its file URL', async () => {
    const bytes = await png(91, 80, 60);
    const source = join(mkdtempSync(join(tmpdir(), 'kizuna-import-')), 'backdrop.png');
    after(() => rmSync(join(source, '..'), { recursive: true, force: true }));
    writeFileSync(source, bytes);
    const { sha256 } = await storeOf(a).addFile('canvas', source);

    const whole = await b.inject({ url: '/api/v1/media/canvas?raw=1' });
    assert.equal(whole.statusCode, 200);
    assert.deepEqual(whole.rawPayload, bytes);
    assert.equal(whole.headers.etag, `"${sha256}"`);
    const start = await b.inject({ url: '/api/v1/media/canvas?raw=1', headers: { range: 'bytes=0-9' } });
    assert.equal(start.statusCode, 206);
    assert.deepEqual(start.rawPayload, bytes.subarray(0, 10));
    const rest = await b.inject({ url: '/api/v1/media/canvas?raw=1', headers: { range: 'bytes=10-' } });
    assert.equal(rest.statusCode, 206);
    assert.deepEqual(rest.rawPayload, bytes.subarray(10));

    const pick = (await b.inject({ url: '/api/v1/media/canvas' })).json();
    const file = await b.inject({ url: new URL(pick.url).pathname });
    assert.equal(file.statusCode, 200);
    assert.deepEqual(file.rawPayload, bytes);
  });

  it('a finished download stored by one instance is served by the other', {
    skip: !process.env.TEST_REDIS_URL && 'job records are shared through Redis (TEST_REDIS_URL)',
  }, async () => {
    const res = await a.inject({
      method: 'POST',
      url: '/api/v1/d/youtube',
      payload: { url: 'https://youtu.be/aaaaaaaaaaa' },
    });
    assert.equal(res.statusCode, 202, res.body);
    const { id } = res.json();
    assert.equal((await settled(await downloaderFor(a), id)).type, 'done');
    // BullMQ hands the job to a worker of either instance; the other one serves the file.
    const server = ran.at(-1) === 'a' ? b : a;
    const job = (await server.inject(`/api/v1/jobs/${id}`)).json();
    assert.equal(job.status, 'done');
    const path = new URL(job.files[0].url).pathname;
    const whole = await server.inject(path);
    assert.equal(whole.statusCode, 200, whole.body);
    assert.deepEqual(whole.rawPayload, CLIP);
    assert.equal(whole.headers['content-disposition'], 'attachment; filename="Clip [abc].mp4"');
    const resumed = await server.inject({ url: path, headers: { range: 'bytes=4-7' } });
    assert.equal(resumed.statusCode, 206);
    assert.equal(resumed.rawPayload.toString('latin1'), 'ftyp');
  });

  it('without a shared Redis, the stored download is still in the shared store for the other instance', async () => {
    if (process.env.TEST_REDIS_URL) return;
    const res = await a.inject({
      method: 'POST',
      url: '/api/v1/d/youtube',
      payload: { url: 'https://youtu.be/bbbbbbbbbbb' },
    });
    const { id } = res.json();
    assert.equal((await settled(await downloaderFor(a), id)).type, 'done');
    const onB = await downloaderFor(b);
    assert.deepEqual(await onB.results.names(id), ['Clip [abc].mp4']);
  });
});
