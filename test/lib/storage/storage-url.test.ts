import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { parseStorageUrl, withSubPrefix } from '../../../src/lib/storage/storage-url.js';

describe('STORAGE_URL', () => {
  it('absent or empty: the disk under DATA_DIR', () => {
    assert.deepEqual(parseStorageUrl(undefined), { kind: 'disk' });
    assert.deepEqual(parseStorageUrl('  '), { kind: 'disk' });
  });

  it('file:///folder: the disk elsewhere', () => {
    assert.deepEqual(parseStorageUrl('file:///srv/kizuna-files'), {
      kind: 'disk',
      root: '/srv/kizuna-files',
    });
  });

  it('s3://bucket/prefix with endpoint, region and path style', () => {
    assert.deepEqual(
      parseStorageUrl(
        's3://kizuna/files/v1/?endpoint=http://127.0.0.1:9000/&region=eu-central-1&forcePathStyle=true',
      ),
      {
        kind: 's3',
        bucket: 'kizuna',
        prefix: 'files/v1/',
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-central-1',
        forcePathStyle: true,
      },
    );
    assert.deepEqual(parseStorageUrl('s3://my.bucket-1'), {
      kind: 's3',
      bucket: 'my.bucket-1',
      prefix: '',
      endpoint: undefined,
      region: undefined,
      forcePathStyle: false,
    });
  });

  it('a test prefix goes below the configured one', () => {
    const settings = withSubPrefix(parseStorageUrl('s3://kizuna-test/ci?forcePathStyle=true'), 'x');
    assert.equal(settings.kind === 's3' ? settings.prefix : '', 'ci/x/');
  });

  for (const [raw, why] of [
    ['not a url', /not a URL/],
    ['https://bucket.s3.amazonaws.com', /must start with s3:\/\/ or file:\/\//],
    ['s3://AKIA:secret@bucket', /must not hold credentials/],
    ['s3://Bucket_Name', /not a bucket name/],
    ['s3://ab', /not a bucket name/],
    ['s3://bucket:9000', /port/],
    ['s3://bucket?endpoint=ftp://x', /endpoint= must be an http/],
    ['s3://bucket?endpoint=nope', /endpoint= must be an http/],
    ['s3://bucket?region=Mars%201', /region=/],
    ['s3://bucket?forcePathStyle=yes', /forcePathStyle= must be true or false/],
    ['s3://bucket?endpiont=http://x', /unknown parameter "endpiont"/],
    ['s3://bucket/a%2F%2E%2E', /prefix/],
    ['s3://bucket/.hidden', /prefix/],
    ['file:relative/folder?x=1', /takes no query/],
  ] as const) {
    it(`refuses ${raw}`, () => {
      assert.throws(() => parseStorageUrl(raw), why);
    });
  }
});

describe('configuration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kizuna-storage-config-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = (extra: Record<string, string>) => ({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'x'.repeat(40),
    ...extra,
  });

  it('a bad STORAGE_URL stops start-up with a ConfigError that names it', () => {
    assert.throws(
      () => loadConfig(env({ STORAGE_URL: 's3://Bad_Bucket' })),
      (error: unknown) => error instanceof ConfigError && /STORAGE_URL .*bucket name/.test(error.message),
    );
  });

  it('reads STORAGE_URL and MEDIA_PUBLIC_URL (trailing slash dropped)', () => {
    const config = loadConfig(
      env({ STORAGE_URL: 's3://kizuna/files', MEDIA_PUBLIC_URL: 'https://cdn.example/kizuna/' }),
    );
    assert.equal(config.storage.kind, 's3');
    assert.equal(config.mediaPublicUrl, 'https://cdn.example/kizuna');
    assert.deepEqual(loadConfig(env({})).storage, { kind: 'disk' });
    assert.throws(() => loadConfig(env({ MEDIA_PUBLIC_URL: 'ftp://x' })), /MEDIA_PUBLIC_URL/);
  });
});
