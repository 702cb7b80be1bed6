import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { Browser } from './helpers/browser.js';
import { createTestResources, testConfig } from './helpers/test-app.js';

describe('logging', () => {
  it('never writes a password, a password hash, a session id or a CSRF token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const resources = await createTestResources();
    const app = await buildApp(testConfig(resources), { logger: { level: 'trace', stream } });
    after(async () => {
      await app.close();
      await resources.release();
    });
    const password = 'do-not-log-this-password';
    const browser = new Browser(app);
    await browser.post('/api/auth/register', { username: 'quiet', email: 'quiet@example.org', password });
    await browser.post('/api/auth/login', { usernameOrEmail: 'quiet', password });
    await browser.post('/api/auth/login', { usernameOrEmail: 'quiet', password: 'wrong-password-here' });
    await browser.get('/api/auth/me');
    const log = lines.join('');
    assert.ok(lines.length > 5, 'requests were logged');
    assert.ok(!log.includes(password));
    assert.ok(!log.includes('$argon2'));
    for (const value of browser.cookies.values())
      assert.ok(!log.includes(value), 'no cookie value in the log');
    assert.ok(!log.includes(await browser.token()));
  });
});
