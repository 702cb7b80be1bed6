import type { FastifyRequest } from 'fastify';

/**
 * An absolute URL for a path of ours: PUBLIC_URL when configured, otherwise the request's own
 * protocol and host (behind a trusted proxy, the forwarded ones), so bots can fetch it as it is.
 */
export function absoluteUrl(request: FastifyRequest, path: string): string {
  const base = request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
