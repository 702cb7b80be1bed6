import type { FastifyRequest } from 'fastify';
import { absoluteUrl } from '../absolute-url.js';

/**
 * The URL a response gives for a stored file: below MEDIA_PUBLIC_URL (a CDN or the bucket itself,
 * which serve the store's keys as they are; docs/storage.md) when that is set, otherwise our own
 * route for it, absolute.
 */
export function storedFileUrl(request: FastifyRequest, key: string, ownPath: string): string {
  const publicBase = request.server.config.mediaPublicUrl;
  if (publicBase) return `${publicBase}/${key.split('/').map(encodeURIComponent).join('/')}`;
  return absoluteUrl(request, ownPath);
}
