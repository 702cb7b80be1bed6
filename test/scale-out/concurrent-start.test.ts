import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { type Fixture, spawnFixture } from '../helpers/spawn-fixture.js';
import { createTestResources, type TestResources } from '../helpers/test-app.js';

const INSTANCE = new URL('./fixtures/instance.ts', import.meta.url);

/** Enough of a browser over real HTTP: keeps cookies, sends the CSRF token. */
class Client {
  private readonly cookies = new Map<string, string>();
  private csrfToken = '';

  async request(base: string, path: string, init: { method?: string; body?: object } = {}) {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    if (init.body) headers['content-type'] = 'application/json';
    if (init.method && init.method !== 'GET') headers['x-csrf-token'] = this.csrfToken;
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const body = await response.json();
    if (path === '/api/auth/me') this.csrfToken = body.csrfToken;
    return { status: response.status, body };
  }
}

const ADMIN = { username: 'first-boss', email: 'first-boss@example.org', password: 'first-boss-password-1' };

describe('instances started at one instant on a fresh database', {
  skip: process.platform === 'win32' && 'needs POSIX signals',
}, () => {
  const started: Fixture[] = [];
  let resources: TestResources;
  after(async () => {
    for (const instance of started) await instance.stop();
    await resources?.release();
  });

  it('all three come up with ADMIN_* and no SESSION_SECRET: one admin, one session secret', {
    timeout: 180_000,
  }, async () => {
    // One deployment: one database (a fresh PostgreSQL database with TEST_DATABASE_URL, else the
    // SQLite file in the shared DATA_DIR) and one DATA_DIR, where the secret is generated.
    resources = await createTestResources();
    const env = {
      DATA_DIR: resources.dataDir,
      DATABASE_URL: resources.databaseUrl ?? '',
      REDIS_URL: '',
      SESSION_SECRET: '',
      DEMO_CONTENT: 'false',
      // Three processes starting at once on a busy test machine pause their event loops; readiness
      // must not read that as a lagging instance here (its own tests are in test/plugins).
      EVENT_LOOP_LAG_MS: '60000',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    for (let i = 0; i < 3; i++) started.push(spawnFixture(INSTANCE, env));
    // Everything loaded in all three, then all let go at once: the secret, the migrations and
    // the admin are each raced for by three processes.
    await Promise.all(started.map((instance) => instance.said('loaded')));
    for (const instance of started) instance.go();
    const listening = await Promise.all(started.map((instance) => instance.said('listening')));
    const bases = listening.map((message) => message.listening);

    const secrets = new Set(listening.map((message) => message.secret));
    assert.equal(secrets.size, 1, 'every instance holds the same secret');
    assert.ok(readFileSync(join(resources.dataDir, 'session-secret'), 'utf8').length >= 32);

    for (const base of bases) assert.equal((await fetch(`${base}/readyz`)).status, 200);

    // Logged in on one instance, the session is good on the others (signed with the one secret).
    const client = new Client();
    await client.request(bases[0], '/api/auth/me');
    const login = await client.request(bases[0], '/api/auth/login', {
      method: 'POST',
      body: { usernameOrEmail: ADMIN.username, password: ADMIN.password },
    });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    for (const base of bases) {
      const me = await client.request(base, '/api/auth/me');
      assert.equal(me.body.loggedIn, true, `logged in on ${base}`);
      assert.equal(me.body.user.role, 'admin');
    }
    const users = await client.request(bases[1], '/api/admin/users');
    assert.equal(users.status, 200);
    assert.deepEqual(
      users.body.map((u: { username: string }) => u.username),
      [ADMIN.username],
      'exactly one account, the admin',
    );

    const exits = await Promise.all(started.splice(0).map((instance) => instance.stop()));
    assert.deepEqual(exits, [0, 0, 0]);
  });
});
