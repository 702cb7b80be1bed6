import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE } from '../../src/lib/http/cache-control.js';
import { StorageUnavailableError } from '../../src/lib/storage/blob-store.js';
import { imageBytes, submitGroup, VALID_FIELDS } from '../directory/groups/group-fixtures.js';
import { loggedInBrowser } from '../helpers/browser.js';
import { useS3rverCredentials } from '../helpers/s3-server.js';
import { buildTestApp, SOURCES_ONLY } from '../helpers/test-app.js';
import { insertFakeItems, png, storeOf } from '../media/fixtures.js';

/** A loopback port nothing listens on: an S3 endpoint that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function assertStorageProblem(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  assert.equal(res.statusCode, 503);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  assert.equal(res.headers['retry-after'], '5');
  const body = res.json() as { code: string; status: number; detail: string };
  assert.equal(body.code, 'STORAGE_UNAVAILABLE');
  assert.equal(body.status, 503);
  assert.doesNotMatch(body.detail, /127\.0\.0\.1|ECONNREFUSED|kizuna-test/, 'no internals in the answer');
}

describe('file storage down (S3 endpoint refusing connections)', () => {
  let app: FastifyInstance;
  let user: Awaited<ReturnType<typeof loggedInBrowser>>;

  before(async () => {
    useS3rverCredentials();
    const port = await closedPort();
    app = await buildTestApp({
      storage: {
        kind: 's3',
        bucket: 'kizuna-test',
        prefix: '',
        endpoint: `http://127.0.0.1:${port}`,
        forcePathStyle: true,
      },
    });
    user = await loggedInBrowser(app);
  });

  it('the server starts anyway, and /readyz says the storage is unavailable', async () => {
    const res = await app.inject({ url: '/readyz' });
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().checks.storage, 'down');
    assert.equal(res.json().checks.database, 'ok');
  });

  it('a file the database knows is a 503 STORAGE_UNAVAILABLE with Retry-After, never cacheable', async () => {
    const [sha256] = await insertFakeItems(app.db, 'neko', 1, { mime: 'image/png' });
    for (const headers of [{}, { range: 'bytes=0-9' }]) {
      const res = await app.inject({ url: `/api/v1/files/${sha256}.png`, headers });
      assertStorageProblem(res);
      assert.notEqual(res.headers['cache-control'], IMMUTABLE);
      assert.equal(res.headers.etag, undefined);
    }
    const head = await app.inject({ method: 'HEAD', url: `/api/v1/files/${sha256}.png` });
    assert.equal(head.statusCode, 503);
    // A 304 needs no bytes: it is still answered.
    const cached = await app.inject({
      url: `/api/v1/files/${sha256}.png`,
      headers: { 'if-none-match': `"${sha256}"` },
    });
    assert.equal(cached.statusCode, 304);
  });

  it('raw=1 picks and logos answer 503 as well', async () => {
    await insertFakeItems(app.db, 'sleep', 1, { mime: 'image/png' });
    const raw = await app.inject({ url: '/api/v1/media/sleep?raw=1' });
    assertStorageProblem(raw);
    assert.equal(raw.headers['cache-control'], 'no-store');
    assertStorageProblem(await app.inject({ url: `/api/groups/logos/${'a'.repeat(32)}.png` }));
  });

  it('JSON answers that need no file bytes keep working', async () => {
    assert.equal((await app.inject({ url: '/api/v1/media/sleep' })).statusCode, 200);
    assert.equal((await app.inject({ url: '/api/v1/menu/main' })).statusCode, 200, 'the bundled menu');
  });

  it('a submission whose logo cannot be stored is a 503 and leaves no group behind', async () => {
    const count = async () =>
      Number(
        (
          await app.db
            .selectFrom('groups')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const res = await submitGroup(user, {
      ...VALID_FIELDS,
      logo: { bytes: await imageBytes('png'), filename: 'logo.png' },
    });
    assertStorageProblem(res);
    assert.equal(await count(), before);
    // Without a logo, nothing needs the storage.
    assert.equal((await submitGroup(user, VALID_FIELDS)).statusCode, 201);
  });

  it('an import that cannot store its bytes adds no row', { skip: SOURCES_ONLY }, async () => {
    const store = storeOf(app);
    await assert.rejects(store.addBuffer('waifu', await png(77)), StorageUnavailableError);
    assert.equal((await store.counts()).get('waifu'), undefined);
  });
});

describe('MEDIA_PUBLIC_URL', () => {
  it('file URLs in responses point below it, by storage key; private pools keep our own route', async () => {
    const app = await buildTestApp({
      mediaPublicUrl: 'https://cdn.example/kizuna',
      privatePools: ['hidden'],
    });
    const { sha256 } = await storeOf(app).addBuffer('neko', await png(81));
    const pick = (await app.inject({ url: '/api/v1/neko' })).json().results[0];
    assert.equal(pick.url, `https://cdn.example/kizuna/media/files/${sha256.slice(0, 2)}/${sha256}.png`);

    const { sha256: hidden } = await storeOf(app).addBuffer('hidden', await png(82));
    const secret = (await app.inject({ url: '/api/v1/media/hidden' })).json();
    assert.equal(secret.url, `http://localhost:80/api/v1/files/${hidden}.png`);

    const user = await loggedInBrowser(app);
    const res = await submitGroup(user, {
      ...VALID_FIELDS,
      logo: { bytes: await imageBytes('png'), filename: 'logo.png' },
    });
    assert.match(res.json().group.logoUrl, /^https:\/\/cdn\.example\/kizuna\/logos\/[0-9a-f]{32}\.png$/);
    // Our own routes still serve the files.
    assert.equal((await app.inject({ url: `/api/v1/files/${sha256}.png` })).statusCode, 200);
  });
});
