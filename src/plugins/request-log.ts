import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One line per answered request, at debug level (LOG_LEVEL=debug or trace): method, URL, client,
 * status and time. Fastify's own request logging (two info lines per request, app.ts turns it off)
 * cost the public API's small routes more than all their other work together (docs/benchmarks.md),
 * and access logs at that volume are the reverse proxy's to keep. Errors are logged where they are
 * handled (plugins/errors.ts), at every level. At info and above this adds no hook at all.
 */
async function requestLogPlugin(app: FastifyInstance) {
  if (app.log.level !== 'debug' && app.log.level !== 'trace') return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}

export default fp(requestLogPlugin, { name: 'request-log' });
