import type { FastifyReply, FastifyRequest } from 'fastify';
import { absoluteUrl } from '../../lib/absolute-url.js';
import { Problem } from '../../lib/problem.js';
import { classifyRange, ifNoneMatchHits } from '../../media/byte-range.js';
import type { MediaStore } from '../../media/media-store.js';
import { filePath, storedRelativePath } from '../../media/media-types.js';

export interface StoredFile {
  sha256: string;
  ext: string;
  mime: string;
  size: number;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Sends a stored file: our own strong ETag (the content hash, equal on every instance), the
 * conditional and Range rules settled here, the bytes streamed by @fastify/static.
 * `immutable` for the content-addressed URL; a random pick (raw=1) must not be cached.
 */
export function serveStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: MediaStore,
  file: StoredFile,
  caching: 'immutable' | 'no-store',
): FastifyReply {
  const etag = `"${file.sha256}"`;
  reply.header('etag', etag);
  reply.header('cache-control', caching === 'immutable' ? IMMUTABLE : 'no-store');
  reply.header('accept-ranges', 'bytes');
  if (caching === 'no-store')
    reply.header('content-location', absoluteUrl(request, filePath(file.sha256, file.ext)));

  if (
    (request.method === 'GET' || request.method === 'HEAD') &&
    ifNoneMatchHits(request.headers['if-none-match'], etag)
  ) {
    return reply.code(304).send();
  }

  const headers = request.raw.headers;
  const ifRange = headers['if-range'];
  // A Range applies only to the representation the client already has part of.
  if (ifRange !== undefined && String(ifRange).trim() !== etag) delete headers.range;
  const verdict = classifyRange(headers.range, file.size);
  if (verdict.kind === 'unsatisfiable') {
    throw new Problem(
      'RANGE_NOT_SATISFIABLE',
      `The file has ${file.size} bytes; the requested range lies beyond them.`,
      {
        headers: { 'content-range': `bytes */${file.size}` },
      },
    );
  }
  if (verdict.kind !== 'single') delete headers.range;
  delete headers['if-range'];

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
