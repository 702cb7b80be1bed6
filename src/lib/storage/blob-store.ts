import type { Readable } from 'node:stream';
import { Problem } from '../problem.js';

/**
 * One stored object, as head() and list() describe it. `etag` changes whenever the bytes do (an
 * S3 ETag, or size and modification time on disk): good for noticing a change, not for HTTP.
 */
export interface BlobInfo {
  /** The key, relative to the store (without an S3 prefix). */
  key: string;
  size: number;
  lastModified: Date;
  etag: string;
}

/** Bytes `start` to `end`, both included, as HTTP's Range counts them. */
export interface ByteSpan {
  start: number;
  end: number;
}

/** What put() stores: bytes in memory, a stream, or a local file. */
export type BlobSource = Buffer | Readable | { path: string };

export interface PutOptions {
  contentType?: string;
  /**
   * Kept with the object where the backend can (S3): what a CDN or the bucket sends when it serves
   * the object itself (MEDIA_PUBLIC_URL).
   */
  cacheControl?: string;
  /**
   * A file source is the caller's to give away: the backend may move it rather than copy it (the
   * disk backend renames it into place), and it is gone once put() has succeeded.
   */
  consume?: boolean;
}

/** A file on local disk with the bytes of a stored object, for tools that only take a path. */
export interface LocalCopy {
  path: string;
  /** Removes the copy (nothing, where the path is the stored file itself). */
  release(): Promise<void>;
}

/**
 * Where every file another instance may have to serve lives: logos, media, finished downloads
 * (docs/storage.md). Keys are slash-separated relative paths (see checkKey). Failures of the
 * storage itself (disk full or read-only, bucket missing, credentials refused, endpoint down) are
 * thrown as StorageUnavailableError, which the error handler answers with a 503.
 */
export interface BlobStore {
  /** 'disk' or 's3'. */
  readonly kind: 'disk' | 's3';
  /** Where the objects are, for logs: never holds a secret. */
  readonly description: string;
  put(key: string, source: BlobSource, options?: PutOptions): Promise<void>;
  /** The bytes (or a span of them) as a stream; BlobNotFoundError when there is no such object. */
  get(key: string, span?: ByteSpan): Promise<Readable>;
  /** Size, modification time and change tag, or undefined when there is no such object. */
  head(key: string): Promise<BlobInfo | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes one object; one that is already gone is fine. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix`; returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Every object whose key starts with `prefix`, in key order, with its modification time. */
  list(prefix: string): AsyncIterable<BlobInfo>;
  /** A local file with the object's bytes (BlobNotFoundError when there is none); release() it after use. */
  localCopy(key: string): Promise<LocalCopy>;
  /** Resolves when the storage answers (readiness); throws StorageUnavailableError otherwise. */
  check(): Promise<void>;
  /** Removes what interrupted writes left behind and is older than `maxAgeMs`; returns how many. */
  sweepPartials(maxAgeMs: number): Promise<number>;
  close(): Promise<void>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no stored object ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

/** How long a client should wait before trying again after a storage failure. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

/**
 * The storage failed (not the request): a 503 problem with Retry-After. The detail stays general;
 * what went wrong (bucket, credentials, endpoint) is in `cause`, which the error handler logs.
 */
export class StorageUnavailableError extends Problem {
  constructor(cause: unknown, detail = 'The file storage is not available right now; try again shortly.') {
    super('STORAGE_UNAVAILABLE', detail, {
      headers: { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) },
    });
    this.name = 'StorageUnavailableError';
    this.cause = cause;
  }
}

const SEGMENT = /^[^/\\\0]+$/;

/**
 * Keys are made by our code only (logo names, content hashes, a job's file names), but one of
 * them (a download's file name) comes from the outside world, so every backend checks them all:
 * slash-separated segments, none empty, none starting with a dot (`.`, `..` and our own partial
 * files), no backslash or NUL, at most 900 bytes (S3 allows 1024, less our prefix).
 */
export function checkKey(key: string): string {
  const valid =
    Buffer.byteLength(key) <= 900 &&
    key.split('/').every((segment) => SEGMENT.test(segment) && !segment.startsWith('.'));
  if (!valid) throw new Error(`not a valid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** A prefix for list() and deletePrefix(): empty, or key segments with an optional trailing slash. */
export function checkPrefix(prefix: string): string {
  if (prefix !== '') checkKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  return prefix;
}

/** Reads a whole (small) object into memory. */
export async function readBlob(store: BlobStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function isBufferSource(source: BlobSource): source is Buffer {
  return Buffer.isBuffer(source);
}

export function isPathSource(source: BlobSource): source is { path: string } {
  return (
    !Buffer.isBuffer(source) && typeof (source as { path?: unknown }).path === 'string' && !('pipe' in source)
  );
}
