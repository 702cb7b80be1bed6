import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { classifyRange } from '../http/byte-range.js';
import { ifMatchPasses, ifNoneMatchHits } from '../http/conditional.js';
import { notFound, Problem } from '../problem.js';
import { BlobNotFoundError, type BlobStore } from './blob-store.js';

/** One stored object as a route serves it: its record (database row, job) says what it is. */
export interface ServedBlob {
  key: string;
  size: number;
  mime: string;
  /** A strong entity tag, quoted, the same on every instance for the same bytes. */
  etag: string;
  /** When the file has a date: If-Modified-Since, If-Unmodified-Since and a dated If-Range apply. */
  lastModified?: Date;
  /**
   * Headers that belong to the file (Cache-Control, Content-Disposition, …): sent with 200, 206 and
   * 304 only, so that a 412, a 416 or a file gone from the store is never cacheable for a year.
   */
  headers: Record<string, string>;
}

export interface ServeBlobOptions {
  /**
   * false: answer a Range with the whole file (RFC 9110 lets a server ignore Range). For a random
   * pick that cannot be the file the client holds part of; 200 makes `curl -C -` stop instead
   * of splicing two files.
   */
  honourRange?: boolean;
  /** The 404's detail when the record lists the file but the store has lost it. */
  missingDetail: string;
}

/** An HTTP date in whole seconds (the precision of the header), or undefined when it is none. */
function seconds(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : Math.floor(time / 1000);
}

/**
 * Sends a stored object the way RFC 9110 §13.2.2 orders the conditions: If-Match (412),
 * If-Unmodified-Since, If-None-Match (304), If-Modified-Since, then Range with If-Range (206, 416).
 * The bytes stream from the backend (a ranged read for a 206), never whole in memory; a storage
 * failure before the first byte is a 503 STORAGE_UNAVAILABLE problem.
 */
export async function serveBlob(
  request: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  blob: ServedBlob,
  options: ServeBlobOptions,
): Promise<FastifyReply> {
  const fileHeaders: Record<string, string> = { etag: blob.etag, 'accept-ranges': 'bytes', ...blob.headers };
  const modified = blob.lastModified ? Math.floor(blob.lastModified.getTime() / 1000) : undefined;
  if (blob.lastModified) fileHeaders['last-modified'] = blob.lastModified.toUTCString();

  const headers = request.raw.headers;
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const reading = request.method === 'GET' || request.method === 'HEAD';

  // 1. If-Match: strong comparison with our tag. 2. If-Unmodified-Since, only without If-Match
  // and only for a file with a date (ignored otherwise, as the RFC asks).
  const ifMatch = header('if-match');
  const unmodifiedSince = ifMatch === undefined ? seconds(header('if-unmodified-since')) : undefined;
  if (
    !ifMatchPasses(ifMatch, blob.etag) ||
    (modified !== undefined && unmodifiedSince !== undefined && modified > unmodifiedSince)
  ) {
    throw new Problem('PRECONDITION_FAILED', 'If-Match names another version of this file.');
  }
  // 3. If-None-Match → 304 for GET and HEAD, with the headers a 200 would carry. 4. If-Modified-Since,
  // only without If-None-Match and for a file with a date.
  const ifNoneMatch = header('if-none-match');
  const modifiedSince = ifNoneMatch === undefined ? seconds(header('if-modified-since')) : undefined;
  if (
    reading &&
    (ifNoneMatchHits(ifNoneMatch, blob.etag) ||
      (modified !== undefined && modifiedSince !== undefined && modified <= modifiedSince))
  ) {
    return reply.headers(fileHeaders).code(304).send();
  }
  // 5. A Range applies only to the version the client already has part of (If-Range: our tag, or
  // exactly our date), and only when the caller allows it.
  const ifRange = header('if-range')?.trim();
  const sameVersion =
    ifRange === undefined ||
    ifRange === blob.etag ||
    (modified !== undefined &&
      !ifRange.startsWith('"') &&
      !ifRange.startsWith('W/') &&
      seconds(ifRange) === modified);
  const verdict =
    options.honourRange !== false && sameVersion
      ? classifyRange(header('range'), blob.size)
      : ({ kind: 'none' } as const);
  if (verdict.kind === 'unsatisfiable') {
    throw new Problem(
      'RANGE_NOT_SATISFIABLE',
      `The file has ${blob.size} bytes; the requested range lies beyond them.`,
      { headers: { 'content-range': `bytes */${blob.size}` } },
    );
  }

  const span = verdict.kind === 'single' ? { start: verdict.start, end: verdict.end } : undefined;
  let body: Readable;
  if (request.method === 'HEAD') {
    if (!(await blobs.exists(blob.key))) throw notFound(options.missingDetail);
    // Fastify's HEAD route drains a stream and keeps our Content-Length (an absent body would
    // become Content-Length: 0): an empty one, so that HEAD never reads the object.
    body = Readable.from([]);
  } else {
    try {
      body = await blobs.get(blob.key, span);
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw notFound(options.missingDetail);
      throw error;
    }
  }

  reply.headers(fileHeaders).header('content-type', blob.mime);
  if (span) {
    reply
      .code(206)
      .header('content-range', `bytes ${span.start}-${span.end}/${blob.size}`)
      .header('content-length', String(span.end - span.start + 1));
  } else {
    reply.code(200).header('content-length', String(blob.size));
  }
  return reply.send(body);
}
