import type { FastifyReply, FastifyRequest } from 'fastify';

const EXEMPT = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Behind a trusted proxy, a request the proxy received over plain http is sent to https.
 * Only requests that say so through the proxy's header are redirected, so the proxy's own health
 * checks (direct, without that header) keep working.
 */
export async function httpsRedirect(request: FastifyRequest, reply: FastifyReply) {
  const forwardedProto = request.headers['x-forwarded-proto'];
  if (typeof forwardedProto !== 'string' || forwardedProto.split(',')[0].trim() !== 'http') return;
  if (EXEMPT.has(request.url.split('?')[0])) return;
  const host = request.host;
  if (!host || /[\s/\\@]/.test(host)) return;
  return reply.redirect(`https://${host}${request.url}`, 308);
}
