import type { FastifyInstance } from 'fastify';

/**
 * For routes that take no body (like, unlike, verify, delete): many HTTP clients label every
 * request as JSON, empty or not. Such a body is read (within the body limit) and ignored, instead
 * of refusing the request as an empty or broken JSON document. Applies to the calling scope only.
 */
export function ignoreJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, _body, done) =>
    done(null, undefined),
  );
}
