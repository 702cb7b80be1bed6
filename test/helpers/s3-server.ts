import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed account; the SDK signs with it like with any other. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * For apps a test builds with S3 storage (their credentials come from the SDK's default chain):
 * s3rver's account in the environment, and the chain's instance-metadata lookup off, so that a
 * test never asks anything but loopback for credentials.
 */
export function useS3rverCredentials(): void {
  process.env.AWS_ACCESS_KEY_ID ??= S3RVER_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY ??= S3RVER_CREDENTIALS.secretAccessKey;
  process.env.AWS_EC2_METADATA_DISABLED = 'true';
}

export interface TestS3 {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  /** A STORAGE_URL for a bucket (and prefix) of this server. */
  storageUrl(bucket: string, prefix?: string): string;
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1, a free port and a temporary folder, with the
 * given buckets made; stop() ends it and removes the folder.
 */
export async function startTestS3(buckets: string[] = ['kizuna-test']): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'kizuna-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    storageUrl: (bucket, prefix = '') =>
      `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
