import type { FastifyReply, FastifyRequest } from 'fastify';
import { absoluteUrl } from '../../lib/absolute-url.js';
import { IMMUTABLE, NO_STORE } from '../../lib/http/cache-control.js';
import { type ServeBlobOptions, serveBlob } from '../../lib/storage/serve-blob.js';
import type { MediaStore } from '../../media/media-store.js';
import { filePath } from '../../media/media-types.js';

export { IMMUTABLE };

export interface StoredFile {
  sha256: string;
  ext: string;
  mime: string;
  size: number;
}

export type ServeOptions = Pick<ServeBlobOptions, 'honourRange'>;

/**
 * Sends a media file from the blob store with our own strong ETag (the content hash, equal on every
 * instance), the conditional headers and Range settled by serveBlob (RFC 9110 §13.2.2). The files
 * have no modification date, so If-Modified-Since and If-Unmodified-Since are ignored, as the RFC
 * asks. `immutable` for the content-addressed URL; a random pick (raw=1) must not be cached.
 */
export function serveStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: MediaStore,
  file: StoredFile,
  caching: 'immutable' | 'no-store',
  options: ServeOptions = {},
): Promise<FastifyReply> {
  const headers: Record<string, string> = {
    'cache-control': caching === 'immutable' ? IMMUTABLE : 'no-store',
  };
  if (caching === 'no-store') {
    headers['content-location'] = absoluteUrl(request, filePath(file.sha256, file.ext));
    // A random pick is never worth caching, its errors included.
    reply.header('cache-control', NO_STORE);
  }
  return serveBlob(
    request,
    reply,
    store.blobs,
    {
      key: store.keyOf(file.sha256, file.ext),
      size: file.size,
      mime: file.mime,
      etag: `"${file.sha256}"`,
      headers,
    },
    { ...options, missingDetail: `No file ${file.sha256}.${file.ext}.` },
  );
}
