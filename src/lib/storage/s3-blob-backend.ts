import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ListObjectsV2CommandOutput, S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import {
  type BlobInfo,
  BlobNotFoundError,
  type BlobSource,
  type BlobStore,
  type ByteSpan,
  checkKey,
  checkPrefix,
  isBufferSource,
  isPathSource,
  type LocalCopy,
  type PutOptions,
  StorageUnavailableError,
} from './blob-store.js';
import { sliceStream } from './byte-slice.js';
import type { S3Location } from './storage-url.js';

// The AWS SDK (tens of modules, several MB) loads when an S3 backend is opened, not at start-up of
// an instance that stores on disk. require: the backend is built synchronously and the SDK ships
// CommonJS too.
const require = createRequire(import.meta.url);
let sdk:
  | { s3: typeof import('@aws-sdk/client-s3'); storage: typeof import('@aws-sdk/lib-storage') }
  | undefined;
function awsSdk() {
  sdk ??= { s3: require('@aws-sdk/client-s3'), storage: require('@aws-sdk/lib-storage') };
  return sdk;
}

export interface S3BackendOptions {
  /** Explicit credentials (tests); otherwise the SDK's default chain (AWS_ACCESS_KEY_ID, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where localCopy() puts its files; the system's temp folder by default. */
  scratchDir?: string;
  timeouts?: Partial<S3Timeouts>;
}

/**
 * An endpoint that is down refuses at once; one that hangs is given up on after these, so that a
 * request fails within seconds (503) instead of stalling (docs/storage.md, "When storage fails").
 */
export interface S3Timeouts {
  /** Establishing a connection. */
  connectMs: number;
  /** From sending a request until the response's headers arrive; the body may then take its time. */
  requestMs: number;
  /** Uploads only: no byte moving on the socket for this long. */
  stallMs: number;
}

const DEFAULT_TIMEOUTS: S3Timeouts = { connectMs: 2000, requestMs: 3000, stallMs: 10_000 };
/** One try and one retry: enough for a dropped connection, short enough to fail fast. */
const MAX_ATTEMPTS = 2;
/** Buffers up to this size go up in one PutObject within the request timeout; larger ones stream. */
const SINGLE_PUT_MAX = 1024 * 1024;
/** Multipart uploads (lib-storage) in parts of this size, four at a time: at most 32 MiB in memory. */
const PART_SIZE = 8 * 1024 * 1024;
const PART_QUEUE = 4;
const DELETE_CONCURRENCY = 8;

/**
 * Objects in any S3-compatible store (AWS S3, MinIO, R2, Garage, Ceph RGW, s3rver) through the
 * AWS SDK v3: keys go below the configured prefix, reads are ranged GetObject streams, large
 * writes multipart uploads (@aws-sdk/lib-storage), which abort themselves on failure.
 */
export class S3BlobBackend implements BlobStore {
  readonly kind = 's3';
  readonly description: string;
  private readonly client: S3Client;
  /** For uploads: no wall-clock limit on a request (a large part takes its time), a stall limit instead. */
  private readonly transfer: S3Client;
  private readonly agents: Array<HttpAgent | HttpsAgent>;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(
    location: S3Location,
    private readonly options: S3BackendOptions = {},
  ) {
    this.bucket = location.bucket;
    this.prefix = location.prefix;
    this.description = `s3://${location.bucket}/${location.prefix}${location.endpoint ? ` at ${location.endpoint}` : ''}`;
    const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    // Many files stream at once (one socket each); the SDK's default of 50 would queue the rest.
    const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 256 });
    const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 256 });
    this.agents = [httpAgent, httpsAgent];
    const common: S3ClientConfig = {
      region: location.region ?? process.env.AWS_REGION ?? 'us-east-1',
      endpoint: location.endpoint,
      forcePathStyle: location.forcePathStyle,
      credentials: options.credentials,
      maxAttempts: MAX_ATTEMPTS,
      // Checksums only where S3 demands them: S3-compatible stores differ in which newer
      // checksum headers and chunked trailers they understand.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    this.client = new (awsSdk().s3.S3Client)({
      ...common,
      requestHandler: {
        connectionTimeout: timeouts.connectMs,
        requestTimeout: timeouts.requestMs,
        throwOnRequestTimeout: true,
        httpAgent,
        httpsAgent,
      },
    });
    this.transfer = new (awsSdk().s3.S3Client)({
      ...common,
      requestHandler: {
        connectionTimeout: timeouts.connectMs,
        socketTimeout: timeouts.stallMs,
        httpAgent,
        httpsAgent,
      },
    });
  }

  private objectKey(key: string): string {
    return this.prefix + checkKey(key);
  }

  async put(key: string, source: BlobSource, options: PutOptions = {}): Promise<void> {
    const params = {
      Bucket: this.bucket,
      Key: this.objectKey(key),
      ContentType: options.contentType,
      CacheControl: options.cacheControl,
    };
    // A missing source file is the caller's problem: found out before anything is sent.
    const size = isPathSource(source) ? (await stat(source.path)).size : undefined;
    try {
      if (isBufferSource(source) && source.length <= SINGLE_PUT_MAX) {
        await this.client.send(
          new (awsSdk().s3.PutObjectCommand)({ ...params, Body: source, ContentLength: source.length }),
        );
      } else {
        const body = isPathSource(source) ? createReadStream(source.path) : source;
        const upload = new (awsSdk().storage.Upload)({
          client: this.transfer,
          params: { ...params, Body: body, ...(size === undefined ? {} : { ContentLength: size }) },
          partSize: PART_SIZE,
          queueSize: PART_QUEUE,
        });
        await upload.done();
      }
    } catch (error) {
      throw unavailable(error);
    }
    if (isPathSource(source) && options.consume) await rm(source.path, { force: true });
  }

  async get(key: string, span?: ByteSpan): Promise<Readable> {
    const objectKey = this.objectKey(key);
    try {
      const out = await this.client.send(
        new (awsSdk().s3.GetObjectCommand)({
          Bucket: this.bucket,
          Key: objectKey,
          Range: span ? `bytes=${span.start}-${span.end}` : undefined,
        }),
      );
      const body = out.Body as Readable;
      return span ? exactSpan(body, span, out.ContentRange) : body;
    } catch (error) {
      if (nameOf(error) === 'NoSuchKey') throw new BlobNotFoundError(key);
      throw unavailable(error);
    }
  }

  async head(key: string): Promise<BlobInfo | undefined> {
    try {
      const out = await this.client.send(
        new (awsSdk().s3.HeadObjectCommand)({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return {
        key,
        size: out.ContentLength ?? 0,
        lastModified: out.LastModified ?? new Date(0),
        etag: out.ETag ?? '',
      };
    } catch (error) {
      // A HEAD answer has no body, so a missing bucket and a missing object look alike: ask.
      if (statusOf(error) === 404) {
        await this.check();
        return undefined;
      }
      throw unavailable(error);
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    const objectKey = this.objectKey(key);
    try {
      await this.client.send(new (awsSdk().s3.DeleteObjectCommand)({ Bucket: this.bucket, Key: objectKey }));
    } catch (error) {
      throw unavailable(error);
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    if (checkPrefix(prefix) === '') throw new Error('deletePrefix needs a prefix');
    const keys: string[] = [];
    for await (const { key } of this.list(prefix)) keys.push(key);
    // One DeleteObject each: DeleteObjects needs a Content-MD5 that not every S3-compatible store
    // accepts in the SDK's newer checksum form, and a job or a logo has few files.
    let next = 0;
    const worker = async () => {
      while (next < keys.length) await this.delete(keys[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, keys.length) }, worker));
    return keys.length;
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    checkPrefix(prefix);
    let token: string | undefined;
    do {
      let page: ListObjectsV2CommandOutput;
      try {
        page = await this.client.send(
          new (awsSdk().s3.ListObjectsV2Command)({
            Bucket: this.bucket,
            Prefix: this.prefix + prefix,
            ContinuationToken: token,
          }),
        );
      } catch (error) {
        throw unavailable(error);
      }
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield {
          key: object.Key.slice(this.prefix.length),
          size: object.Size ?? 0,
          lastModified: object.LastModified ?? new Date(0),
          etag: object.ETag ?? '',
        };
      }
      token = page.NextContinuationToken;
    } while (token);
  }

  async localCopy(key: string): Promise<LocalCopy> {
    const body = await this.get(key);
    const scratch = this.options.scratchDir ?? tmpdir();
    let dir: string | undefined;
    try {
      await mkdir(scratch, { recursive: true });
      dir = await mkdtemp(join(scratch, 'blob-'));
      const path = join(dir, basename(key));
      await pipeline(body, createWriteStream(path));
      const made = dir;
      return { path, release: () => rm(made, { recursive: true, force: true }) };
    } catch (error) {
      body.destroy();
      if (dir) await rm(dir, { recursive: true, force: true });
      throw unavailable(error);
    }
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new (awsSdk().s3.HeadBucketCommand)({ Bucket: this.bucket }));
    } catch (error) {
      throw unavailable(error);
    }
  }

  /**
   * Nothing to do here: a failed multipart upload is aborted by lib-storage itself, and what a
   * crash leaves is for the bucket's lifecycle rule (AbortIncompleteMultipartUpload, docs/storage.md).
   */
  async sweepPartials(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {
    this.client.destroy();
    this.transfer.destroy();
    for (const agent of this.agents) agent.destroy();
  }
}

/**
 * The bytes asked for, even from a store that sends more: some S3-compatible servers read the
 * one-byte range `bytes=0-0` as "from 0 to the end" (s3rver does) or ignore Range altogether.
 */
function exactSpan(body: Readable, span: ByteSpan, contentRange: string | undefined): Readable {
  const sent = /^bytes (\d+)-(\d+)\//.exec(contentRange ?? '');
  const start = sent ? Number(sent[1]) : 0;
  const end = sent ? Number(sent[2]) : Number.POSITIVE_INFINITY;
  if (start === span.start && end === span.end) return body;
  if (start > span.start || end < span.end) {
    body.destroy();
    throw new Error(
      `the store answered the range ${span.start}-${span.end} with ${contentRange ?? 'the whole object'}`,
    );
  }
  return sliceStream(body, span.start - start, span.end - span.start + 1);
}

const nameOf = (error: unknown) => (error as { name?: string })?.name;
const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;

/** Anything the SDK throws (refused, timed out, no such bucket, bad credentials) is a storage failure. */
function unavailable(error: unknown): unknown {
  if (error instanceof BlobNotFoundError || error instanceof StorageUnavailableError) return error;
  return new StorageUnavailableError(error);
}
