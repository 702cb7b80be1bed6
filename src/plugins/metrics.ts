import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, type Metric, Registry } from 'prom-client';
import { RequestDurations } from './request-durations.js';

/** Prometheus metrics at GET /metrics, for loopback only or METRICS_TOKEN (loopback-only.ts). Each app has its own registry. */
async function metricsPlugin(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const durations = new RequestDurations(
    'http_request_duration_seconds',
    'Time to answer an HTTP request',
    [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  );
  registry.registerMetric(durations as unknown as Metric);

  // A callback hook rather than an async one: it runs on every response, and a promise per request shows.
  app.addHook('onResponse', (request, reply, done) => {
    durations.observe(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
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
