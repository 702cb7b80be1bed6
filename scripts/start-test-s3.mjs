#!/usr/bin/env node
// Starts an S3-protocol server (s3rver, a devDependency) on loopback for the test suite's S3 pass,
// with the bucket already made, and prints the TEST_STORAGE_URL to use. Runs until SIGTERM/SIGINT.
//
//   node scripts/start-test-s3.mjs --port 9199 --dir /tmp/kizuna-s3 [--bucket kizuna-test] &
//   TEST_STORAGE_URL='s3://kizuna-test?endpoint=http://127.0.0.1:9199&region=us-east-1&forcePathStyle=true' \
//   AWS_ACCESS_KEY_ID=S3RVER AWS_SECRET_ACCESS_KEY=S3RVER npm test
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '9199' },
    dir: { type: 'string' },
    bucket: { type: 'string', default: 'kizuna-test' },
    // Loopback only: this server takes anyone's writes.
    address: { type: 'string', default: '127.0.0.1' },
  },
});
if (!values.dir) {
  console.error('usage: node scripts/start-test-s3.mjs --port 9199 --dir <folder> [--bucket kizuna-test]');
  process.exit(2);
}
if (!['127.0.0.1', '::1', 'localhost'].includes(values.address)) {
  console.error('start-test-s3: --address must be a loopback address');
  process.exit(2);
}
mkdirSync(values.dir, { recursive: true });

const server = new S3rver({
  address: values.address,
  port: Number(values.port),
  directory: values.dir,
  silent: true,
  // Made before the server listens, so a client that can connect finds the bucket.
  configureBuckets: [{ name: values.bucket, configs: [] }],
});
const { port } = await server.run();
const host = values.address.includes(':') ? `[${values.address}]` : values.address;
console.log(
  `TEST_STORAGE_URL=s3://${values.bucket}?endpoint=http://${host}:${port}&region=us-east-1&forcePathStyle=true`,
);
console.log('AWS_ACCESS_KEY_ID=S3RVER AWS_SECRET_ACCESS_KEY=S3RVER');

const stop = () => {
  server.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
