import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import {
  BlobNotFoundError,
  type BlobStore,
  readBlob,
  StorageUnavailableError,
} from '../../../src/lib/storage/blob-store.js';
import { DiskBlobBackend } from '../../../src/lib/storage/disk-blob-backend.js';
import { S3BlobBackend } from '../../../src/lib/storage/s3-blob-backend.js';
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from '../../helpers/s3-server.js';

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kizuna-blob-contract-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function keysOf(store: BlobStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of store.list(prefix)) keys.push(key);
  return keys.sort();
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let s3: TestS3;
before(async () => {
  s3 = await startTestS3(['contract', 'faults']);
});
after(async () => {
  await s3?.stop();
});

const s3Store = (bucket = 'contract', prefix = `run-${randomBytes(4).toString('hex')}/`) =>
  new S3BlobBackend(
    { bucket, prefix, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true },
    { credentials: S3RVER_CREDENTIALS, scratchDir: scratch() },
  );

const backends: Array<[string, () => BlobStore]> = [
  ['disk', () => new DiskBlobBackend(scratch())],
  ['s3 (s3rver)', () => s3Store()],
];

for (const [name, open] of backends) {
  describe(`blob store contract: ${name}`, () => {
    let store: BlobStore;
    before(() => {
      store = open();
    });
    after(() => store.close());

    it('puts bytes from memory and gets them back, with size, date and a change tag', async () => {
      const bytes = randomBytes(3000);
      await store.put('media/files/ab/one.png', bytes, { contentType: 'image/png' });
      assert.deepEqual(await readBlob(store, 'media/files/ab/one.png'), bytes);
      const info = await store.head('media/files/ab/one.png');
      assert.equal(info?.key, 'media/files/ab/one.png');
      assert.equal(info?.size, 3000);
      assert.ok(info && Math.abs(info.lastModified.getTime() - Date.now()) < 60_000);
      assert.ok(info?.etag);
      assert.equal(await store.exists('media/files/ab/one.png'), true);

      await store.put('media/files/ab/one.png', randomBytes(10));
      const changed = await store.head('media/files/ab/one.png');
      assert.equal(changed?.size, 10, 'a second put replaces the bytes');
      assert.notEqual(changed?.etag, info?.etag);
    });

    it('puts from a stream and from a file, copied or consumed', async () => {
      const dir = scratch();
      const bytes = randomBytes(5000);
      await store.put('s/stream.bin', Readable.from([bytes.subarray(0, 100), bytes.subarray(100)]));
      assert.deepEqual(await readBlob(store, 's/stream.bin'), bytes);

      const copied = join(dir, 'copied.bin');
      writeFileSync(copied, bytes);
      await store.put('s/copied.bin', { path: copied });
      assert.ok(existsSync(copied), 'a copied source stays');
      assert.deepEqual(await readBlob(store, 's/copied.bin'), bytes);

      const consumed = join(dir, 'consumed.bin');
      writeFileSync(consumed, bytes);
      await store.put('s/consumed.bin', { path: consumed }, { consume: true });
      assert.equal(existsSync(consumed), false, 'a consumed source is gone');
      assert.deepEqual(await readBlob(store, 's/consumed.bin'), bytes);

      await assert.rejects(store.put('s/none.bin', { path: join(dir, 'missing.bin') }), { code: 'ENOENT' });
      assert.equal(await store.exists('s/none.bin'), false);
    });

    it('reads byte ranges: the first byte, the middle, the last byte', async () => {
      const bytes = randomBytes(1000);
      await store.put('r/file.bin', bytes);
      const read = async (start: number, end: number) => {
        const chunks: Buffer[] = [];
        for await (const chunk of await store.get('r/file.bin', { start, end })) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      };
      assert.deepEqual(await read(0, 0), bytes.subarray(0, 1));
      assert.deepEqual(await read(10, 19), bytes.subarray(10, 20));
      assert.deepEqual(await read(999, 999), bytes.subarray(999));
      assert.deepEqual(await read(0, 999), bytes);
    });

    it('stores a file larger than a multipart part and reads a range across the part boundary', async () => {
      const dir = scratch();
      const big = randomBytes(9 * 1024 * 1024);
      writeFileSync(join(dir, 'big.bin'), big);
      await store.put('big/file.bin', { path: join(dir, 'big.bin') }, { contentType: 'video/mp4' });
      assert.equal((await store.head('big/file.bin'))?.size, big.length);
      assert.equal(sha(await readBlob(store, 'big/file.bin')), sha(big));
      const boundary = 8 * 1024 * 1024;
      const chunks: Buffer[] = [];
      for await (const chunk of await store.get('big/file.bin', { start: boundary - 5, end: boundary + 4 }))
        chunks.push(chunk as Buffer);
      assert.deepEqual(Buffer.concat(chunks), big.subarray(boundary - 5, boundary + 5));
    });

    it('lists by prefix, with dates, and deletes one key or a whole prefix', async () => {
      for (const key of ['l/a/1', 'l/a/2', 'l/ab/3', 'l/b']) await store.put(key, Buffer.from(key));
      assert.deepEqual(await keysOf(store, 'l/a/'), ['l/a/1', 'l/a/2']);
      assert.deepEqual(await keysOf(store, 'l/a'), ['l/a/1', 'l/a/2', 'l/ab/3']);
      assert.deepEqual(await keysOf(store, 'l/'), ['l/a/1', 'l/a/2', 'l/ab/3', 'l/b']);
      assert.deepEqual(await keysOf(store, 'nothing/'), []);
      for await (const info of store.list('l/')) {
        assert.equal(info.size, Buffer.byteLength(info.key));
        assert.ok(info.lastModified.getTime() > Date.now() - 60_000);
      }

      await store.delete('l/b');
      await store.delete('l/b');
      assert.equal(await store.exists('l/b'), false);
      assert.equal(await store.deletePrefix('l/a/'), 2);
      assert.deepEqual(await keysOf(store, 'l/'), ['l/ab/3']);
      await assert.rejects(store.deletePrefix(''), /needs a prefix/);
    });

    it('keeps names with spaces, %, brackets and non-ASCII letters as they are', async () => {
      const names = ['100% real [a1].mp4', 'looks%41like.mp4', 'Ünïcødé 日本 ♫.mp4', 'two  spaces.mp4'];
      for (const file of names) await store.put(`downloads/job/${file}`, Buffer.from(file));
      assert.deepEqual(await keysOf(store, 'downloads/job/'), names.map((n) => `downloads/job/${n}`).sort());
      for (const file of names)
        assert.equal((await readBlob(store, `downloads/job/${file}`)).toString(), file, file);
    });

    it('gives a local copy for tools that need a path', async () => {
      const bytes = randomBytes(2048);
      await store.put('copy/clip.mp4', bytes);
      const copy = await store.localCopy('copy/clip.mp4');
      assert.ok(copy.path.endsWith('clip.mp4'));
      assert.deepEqual(readFileSync(copy.path), bytes);
      await copy.release();
      // A copy is gone after release; on disk the path is the stored file itself and stays.
      assert.equal(existsSync(copy.path), store.kind === 'disk');
      assert.equal(await store.exists('copy/clip.mp4'), true);
    });

    it('a missing key: get and localCopy throw BlobNotFoundError, head is undefined', async () => {
      await assert.rejects(store.get('missing/key'), BlobNotFoundError);
      await assert.rejects(store.get('missing/key', { start: 0, end: 0 }), BlobNotFoundError);
      await assert.rejects(store.localCopy('missing/key'), BlobNotFoundError);
      assert.equal(await store.head('missing/key'), undefined);
      assert.equal(await store.exists('missing/key'), false);
    });

    it('refuses keys that could leave their place', async () => {
      for (const key of [
        '',
        '../x',
        'a/../b',
        '/abs',
        'a//b',
        '.hidden',
        'a/.part',
        'back\\slash',
        'nul\0',
      ]) {
        await assert.rejects(
          store.put(key, Buffer.from('x')),
          /not a valid storage key/,
          JSON.stringify(key),
        );
        await assert.rejects(store.get(key), /not a valid storage key/, JSON.stringify(key));
      }
    });

    it('answers the readiness check', async () => {
      await store.check();
    });
  });
}

describe('blob store faults', () => {
  it('disk: DATA_DIR that is not a folder is STORAGE_UNAVAILABLE, not a crash', async () => {
    const file = join(scratch(), 'not-a-folder');
    writeFileSync(file, 'x');
    const store = new DiskBlobBackend(file);
    const failure = await store.put('logos/a.png', Buffer.from('x')).catch((e: unknown) => e);
    assert.ok(failure instanceof StorageUnavailableError, String(failure));
    assert.equal(failure.status, 503);
    assert.equal(failure.code, 'STORAGE_UNAVAILABLE');
    assert.equal(failure.headers['retry-after'], '5');
    await assert.rejects(store.check(), StorageUnavailableError);
  });

  it('disk: partial files of interrupted writes are swept once old, young ones stay', async () => {
    const root = scratch();
    const store = new DiskBlobBackend(root);
    mkdirSync(join(root, '.partial'));
    writeFileSync(join(root, '.partial', 'old'), 'x');
    writeFileSync(join(root, '.partial', 'young'), 'y');
    const past = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(root, '.partial', 'old'), past, past);
    assert.equal(await store.sweepPartials(3600_000), 1);
    assert.equal(existsSync(join(root, '.partial', 'young')), true);
    assert.deepEqual(await keysOf(store, ''), [], 'partial files are never listed');
  });

  it('s3: an endpoint that is down fails every call with STORAGE_UNAVAILABLE', {
    timeout: 20_000,
  }, async () => {
    const port = await closedPort();
    const store = new S3BlobBackend(
      { bucket: 'faults', prefix: '', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true },
      { credentials: S3RVER_CREDENTIALS },
    );
    after(() => store.close());
    for (const call of [
      () => store.put('a/b', Buffer.from('x')),
      () => store.get('a/b'),
      () => store.head('a/b'),
      () => store.delete('a/b'),
      () => keysOf(store, 'a/'),
      () => store.check(),
    ]) {
      const failure = await call().catch((e: unknown) => e);
      assert.ok(failure instanceof StorageUnavailableError, String(failure));
      assert.equal(failure.status, 503);
    }
  });

  it('s3: an endpoint that accepts and never answers is given up on', { timeout: 20_000 }, async () => {
    const { port, close } = await silentServer();
    after(close);
    const store = new S3BlobBackend(
      { bucket: 'faults', prefix: '', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true },
      { credentials: S3RVER_CREDENTIALS, timeouts: { connectMs: 300, requestMs: 300, stallMs: 300 } },
    );
    after(() => store.close());
    await assert.rejects(store.get('a/b'), StorageUnavailableError);
    await assert.rejects(store.put('a/b', Buffer.from('x')), StorageUnavailableError);
    await assert.rejects(store.put('a/big', randomBytes(2 * 1024 * 1024)), StorageUnavailableError);
  });

  it('s3: a bucket that does not exist is STORAGE_UNAVAILABLE, even where a missing key is not an error', async () => {
    const store = s3Store('no-such-bucket', '');
    after(() => store.close());
    await assert.rejects(store.put('a/b', Buffer.from('x')), StorageUnavailableError);
    await assert.rejects(store.get('a/b'), StorageUnavailableError);
    await assert.rejects(store.head('a/b'), StorageUnavailableError);
    await assert.rejects(keysOf(store, 'a/'), StorageUnavailableError);
    await assert.rejects(store.check(), StorageUnavailableError);
  });

  it('s3: credentials the store refuses are STORAGE_UNAVAILABLE', async () => {
    const store = new S3BlobBackend(
      { bucket: 'faults', prefix: '', endpoint: s3.endpoint, forcePathStyle: true },
      { credentials: { accessKeyId: 'WRONG', secretAccessKey: 'WRONG' } },
    );
    after(() => store.close());
    await assert.rejects(store.put('a/b', Buffer.from('x')), StorageUnavailableError);
    await assert.rejects(store.get('a/b'), StorageUnavailableError);
    await assert.rejects(store.check(), StorageUnavailableError);
  });
});

/** A loopback port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A loopback server that takes connections and never answers: a hung storage endpoint. */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
