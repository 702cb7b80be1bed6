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

describe('request lines', () => {
  async function linesAt(level: string): Promise<Array<Record<string, unknown>>> {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const resources = await createTestResources();
    const app = await buildApp(testConfig(resources), { logger: { level, stream } });
    after(async () => {
      await app.close();
      await resources.release();
    });
    await app.inject('/api/v1/util/uuid');
    return lines.map((line) => JSON.parse(line));
  }

  it('writes one line per request at debug, with method, URL, status and time', async () => {
    const requests = (await linesAt('debug')).filter((line) => line.msg === 'request completed');
    assert.equal(requests.length, 1);
    const [line] = requests as Array<{ req: { method: string; url: string }; res: { statusCode: number } }>;
    assert.equal(line.req.method, 'GET');
    assert.equal(line.req.url, '/api/v1/util/uuid');
    assert.equal(line.res.statusCode, 200);
    assert.equal(typeof (line as unknown as { reqId: string }).reqId, 'string', 'bound to the request id');
    assert.equal(typeof (line as unknown as { responseTime: number }).responseTime, 'number');
  });

  it('writes none at info, the default', async () => {
    const lines = await linesAt('info');
    assert.deepEqual(
      lines.filter((line) => /request/.test(String(line.msg))),
      [],
    );
  });
});
