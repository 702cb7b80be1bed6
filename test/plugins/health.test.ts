import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/test-app.js';

describe('health', () => {
  it('GET /healthz answers {"status":"ok"}', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ url: '/healthz' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'ok' });
  });

  it('GET /readyz checks the database (and Redis when configured)', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ url: '/readyz' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().checks.database, 'ok');
    if (process.env.TEST_REDIS_URL) assert.equal(res.json().checks.redis, 'ok');
  });

  it('GET /readyz answers 503 once the database is gone', async () => {
    const app = await buildTestApp();
    await app.db.destroy();
    const res = await app.inject({ url: '/readyz' });
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().checks.database, 'down');
  });

  it('GET /readyz answers 503 when the database hangs instead of failing', { timeout: 10_000 }, async (t) => {
    const app = await buildTestApp();
    const executor = app.db.getExecutor();
    // A database host that accepts and never answers: every query stays pending.
    const hanging = Object.assign(Object.create(executor), { executeQuery: () => new Promise(() => {}) });
    t.mock.method(app.db, 'getExecutor', () => hanging);
    const res = await app.inject({ url: '/readyz' });
    t.mock.restoreAll();
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().checks.database, 'down');
  });
});
