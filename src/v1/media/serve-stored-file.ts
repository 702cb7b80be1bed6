import type { FastifyReply, FastifyRequest } from 'fastify';
import { absoluteUrl } from '../../lib/absolute-url.js';
import { classifyRange, normalisedRange } from '../../lib/http/byte-range.js';
import { ifMatchPasses, ifNoneMatchHits } from '../../lib/http/conditional.js';
import { Problem } from '../../lib/problem.js';
import type { MediaStore } from '../../media/media-store.js';
import { filePath, storedRelativePath } from '../../media/media-types.js';

export interface StoredFile {
  sha256: string;
  ext: string;
  mime: string;
  size: number;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The request headers that make a GET conditional; we settle them all before @fastify/send runs. */
const CONDITIONAL_HEADERS = [
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
  'if-range',
];

/**
 * Headers that belong to the file, not to an error: set only once the bytes (or a 304) actually
 * go out, so that a 412, a 416 or a file gone missing on disk is never cacheable for a year.
 * @fastify/static calls `applyFileHeaders` (its `setHeaders`) only when it streams a file.
 */
const pendingFileHeaders = new WeakMap<FastifyReply, Record<string, string>>();

export function applyFileHeaders(reply: FastifyReply): void {
  const headers = pendingFileHeaders.get(reply);
  if (headers) reply.headers(headers);
}

export interface ServeOptions {
  /**
   * false: answer a Range with the whole file (RFC 9110 lets a server ignore Range). For a random
   * pick that cannot be the file the client holds part of; 200 makes `curl -C -` stop instead
   * of splicing two files.
   */
  honourRange?: boolean;
}

/**
 * Sends a stored file: our own strong ETag (the content hash, equal on every instance), every
 * conditional header and the Range settled here by RFC 9110 §13.2.2, the bytes streamed by
 * @fastify/static, which is handed a normalised Range and no conditional headers at all (it would
 * judge them by its own rules: a 412 for any If-Unmodified-Since without a Last-Modified, say).
 * `immutable` for the content-addressed URL; a random pick (raw=1) must not be cached.
 */
export function serveStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: MediaStore,
  file: StoredFile,
  caching: 'immutable' | 'no-store',
  options: ServeOptions = {},
): FastifyReply {
  const etag = `"${file.sha256}"`;
  const fileHeaders: Record<string, string> = {
    etag,
    'cache-control': caching === 'immutable' ? IMMUTABLE : 'no-store',
    'accept-ranges': 'bytes',
  };
  if (caching === 'no-store') {
    fileHeaders['content-location'] = absoluteUrl(request, filePath(file.sha256, file.ext));
    // A random pick is never worth caching, its errors included.
    reply.header('cache-control', 'no-store');
  }

  const headers = request.raw.headers;
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };

  // 1. If-Match: strong comparison with our tag. 2. If-Unmodified-Since is ignored: the files
  // have no modification date (the RFC asks exactly that), and their bytes never change anyway.
  if (!ifMatchPasses(header('if-match'), etag)) {
    throw new Problem('PRECONDITION_FAILED', 'If-Match names another version of this file.');
  }
  // 3. If-None-Match → 304 for GET and HEAD, with the headers a 200 would carry.
  if (
    (request.method === 'GET' || request.method === 'HEAD') &&
    ifNoneMatchHits(header('if-none-match'), etag)
  ) {
    return reply.headers(fileHeaders).code(304).send();
  }
  // 4. If-Modified-Since is ignored as well (no modification date). 5. A Range applies only to the
  // version the client already has part of (If-Range; a date never matches, there being no
  // Last-Modified), and only when the caller allows it.
  const ifRange = header('if-range');
  const rangeApplies = options.honourRange !== false && (ifRange === undefined || ifRange.trim() === etag);
  const verdict = rangeApplies ? classifyRange(header('range'), file.size) : ({ kind: 'none' } as const);
  if (verdict.kind === 'unsatisfiable') {
    throw new Problem(
      'RANGE_NOT_SATISFIABLE',
      `The file has ${file.size} bytes; the requested range lies beyond them.`,
      { headers: { 'content-range': `bytes */${file.size}` } },
    );
  }

  for (const name of CONDITIONAL_HEADERS) delete headers[name];
  const range = normalisedRange(verdict);
  if (range === undefined) delete headers.range;
  else headers.range = range;

  pendingFileHeaders.set(reply, fileHeaders);
  reply.type(file.mime);
  return reply.sendFile(storedRelativePath(file.sha256, file.ext), store.root, {
    etag: false,
    lastModified: false,
    cacheControl: false,
    acceptRanges: true,
    contentType: false,
    dotfiles: 'deny',
  });
}
