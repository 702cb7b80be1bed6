import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Browser, loggedInBrowser } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/test-app.js';

/**
 * A session found once is reused for SESSION_CACHE_MS (plugins/sessions.ts); these are the writes
 * that must take effect at once all the same.
 */
describe('sessions reused between requests', () => {
  let app: FastifyInstance;

  before(async () => {
    // Far longer than any test, so that only an invalidation can explain a change.
    app = await buildTestApp({ sessionCacheMs: 60_000 });
  });
  after(() => app.close());

  it('serves the same user from the cache, and a logout ends the session at once', async () => {
    const member = await loggedInBrowser(app);
    const stolen = new Browser(app);
    for (const [name, value] of member.cookies) stolen.cookies.set(name, value);
    assert.equal((await stolen.get('/api/auth/me')).json().user.username, member.username);
    assert.equal((await stolen.get('/api/auth/me')).json().user.username, member.username);
    assert.equal((await member.post('/api/auth/logout')).statusCode, 204);
    assert.equal((await stolen.get('/api/auth/me')).json().loggedIn, false);
  });

  it('a new login ends the session it replaces at once', async () => {
    const member = await loggedInBrowser(app);
    const before = new Browser(app);
    for (const [name, value] of member.cookies) before.cookies.set(name, value);
    assert.equal((await before.get('/api/auth/me')).json().loggedIn, true);
    await member.login(member.username, 'correct horse battery staple');
    assert.equal((await before.get('/api/auth/me')).json().loggedIn, false);
    assert.equal((await member.get('/api/auth/me')).json().loggedIn, true);
  });

  it('an account an admin verifies reads as verified at once', async () => {
    const admin = await loggedInBrowser(app, { role: 'admin' });
    const member = await loggedInBrowser(app, { verified: false });
    assert.equal((await member.get('/api/auth/me')).json().user.isVerified, false);
    assert.equal((await admin.post(`/api/admin/users/${member.userId}/verify`)).statusCode, 200);
    assert.equal((await member.get('/api/auth/me')).json().user.isVerified, true);
  });

  it('does not remember an unknown session id', async () => {
    const stranger = new Browser(app);
    stranger.cookies.set('kizuna-session', 'not-a-session');
    assert.equal((await stranger.get('/api/auth/me')).json().loggedIn, false);
  });
});

describe('SESSION_CACHE_MS=0', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp({ sessionCacheMs: 0 });
  });
  after(() => app.close());

  it('reads the session from the database on every request', async () => {
    const member = await loggedInBrowser(app);
    assert.equal((await member.get('/api/auth/me')).json().loggedIn, true);
    // Gone from the database behind the app's back: without a cache the next request knows.
    await app.db.deleteFrom('sessions').execute();
    assert.equal((await member.get('/api/auth/me')).json().loggedIn, false);
  });
});
