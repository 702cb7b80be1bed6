import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Many HTTP clients label every request as JSON, also the ones without a body (logout, verify,
 * like). An empty JSON body is read as no body at all; a route that needs one still refuses it
 * through its schema, naming the body. Anything else goes to Fastify's own parser, which keeps
 * its prototype-poisoning protection.
 */
async function jsonBodyPlugin(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}

export default fp(jsonBodyPlugin, { name: 'json-body' });
