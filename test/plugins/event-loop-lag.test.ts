import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { after, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Config, loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { eventLoopLagMonitor, type LagMonitor } from '../../src/plugins/event-loop-lag.js';
import { healthRoutes } from '../../src/plugins/health.js';

/** Configuration that writes nothing anywhere (with a session secret, none is generated). */
const env = (more: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: tmpdir(), SESSION_SECRET: 'health-test-secret-'.padEnd(40, 'x'), ...more });

/** The health routes alone, over an in-memory database, with an event-loop monitor we steer. */
async function healthApp(p99Ms: number, config: Partial<Config> = {}) {
  const app = Fastify({ logger: false });
  const { db } = createDatabase({ sqlitePath: ':memory:' });
  app.decorate('db', db);
  app.decorate('redis', null);
  // The file storage answers; its own failures are tested in test/plugins/storage.test.ts.
  app.decorate('blobs', { check: async () => undefined } as unknown as FastifyInstance['blobs']);
  app.decorate('config', { ...env(), ...config });
  let stopped = false;
  const lagMonitor: LagMonitor = { p99Ms: () => p99Ms, stop: () => (stopped = true) };
  await app.register(healthRoutes, { lagMonitor });
  after(async () => {
    await app.close();
    await db.destroy();
  });
  return { app, stopped: () => stopped };
}

describe('GET /readyz and the event loop', () => {
  it('is ready while the event-loop delay p99 stays under EVENT_LOOP_LAG_MS', async () => {
    const { app } = await healthApp(12);
    const res = await app.inject({ url: '/readyz' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      status: 'ok',
      checks: { database: 'ok', storage: 'ok', eventLoop: 'ok' },
    });
  });

  it('answers 503 eventLoop: lagging above it, so a load balancer routes around the instance', async () => {
    const { app } = await healthApp(650);
    const res = await app.inject({ url: '/readyz' });
    assert.equal(res.statusCode, 503);
    assert.deepEqual(res.json(), {
      status: 'unavailable',
      checks: { database: 'ok', storage: 'ok', eventLoop: 'lagging' },
    });
  });

  it('takes the threshold from the configuration', async () => {
    const { app } = await healthApp(120, { eventLoopLagMs: 100 });
    assert.equal((await app.inject({ url: '/readyz' })).json().checks.eventLoop, 'lagging');
    const { app: relaxed } = await healthApp(120, { eventLoopLagMs: 200 });
    assert.equal((await relaxed.inject({ url: '/readyz' })).json().checks.eventLoop, 'ok');
  });

  it('leaves a monitor handed in to its owner', async () => {
    const { app, stopped } = await healthApp(0);
    await app.close();
    assert.equal(stopped(), false);
  });
});

describe('eventLoopLagMonitor', () => {
  it('reports a p99 in milliseconds, zero before it has seen anything, and stops', () => {
    const monitor = eventLoopLagMonitor(1000);
    const first = monitor.p99Ms();
    assert.ok(Number.isFinite(first) && first >= 0);
    monitor.stop();
  });
});

it('EVENT_LOOP_LAG_MS defaults to 500 and must be a positive number of ms', () => {
  assert.equal(env().eventLoopLagMs, 500);
  assert.equal(env({ EVENT_LOOP_LAG_MS: '80' }).eventLoopLagMs, 80);
  assert.throws(() => env({ EVENT_LOOP_LAG_MS: '0' }), /EVENT_LOOP_LAG_MS/);
});
