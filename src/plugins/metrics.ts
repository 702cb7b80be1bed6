import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Prometheus metrics at GET /metrics, for loopback only or METRICS_TOKEN (loopback-only.ts). Each app has its own registry. */
async function metricsPlugin(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });

  // A callback hook rather than an async one: it runs on every response, and a promise per request shows.
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get(
    '/metrics',
    { config: { cache: 'no-store' }, preHandler: app.metricsOnly, schema: { hide: true } },
    async (_request, reply) => {
      reply.type(registry.contentType);
      return registry.metrics();
    },
  );
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['loopback-only'] });
