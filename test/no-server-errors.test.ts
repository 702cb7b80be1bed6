import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loggedInBrowser } from './helpers/browser.js';
import { buildTestApp } from './helpers/test-app.js';
import { FakeJikan } from './v1/anime/fake-jikan.js';

/**
 * Bad input of any kind gets a 4xx, never a 500: every route the app has, called with hostile
 * path segments, query strings and bodies, as an admin (so the guards let the input through).
 */
const HOSTILE_SEGMENTS = [
  '..%2f..%2fetc%2fpasswd',
  '%00',
  'x'.repeat(600),
  '-1',
  '1e309',
  '%F0%9F%98%80',
  '%ff%fe',
  '%ZZ',
  // Names every plain object has: a lookup table indexed with them finds Object.prototype's.
  '__proto__',
  'constructor',
];
const HOSTILE_QUERIES = [
  'amount=abc&count=-5&limit=1e9&level=NaN&sides=0.5&words=%00&number=MMMMM',
  'text=%00%01%02&mode=sideways&algo=md4&format=gif&lang=xx&hex=zzzzzz&ts=not-a-time',
  `text=${'a'.repeat(20_000)}&name=${'b'.repeat(5_000)}&question=${'c'.repeat(5_000)}`,
  'raw=maybe&type=9&query=%ff&category=%00&element=plasma&avatar=javascript:alert(1)',
  'cursor=!!!not-a-cursor!!!&platform=%00&search=%25%25%25&state=whatever',
  'a[]=1&a[]=2&thing[]=x&title[]=y&seed=%F0%9F%98%80',
  'choice=__proto__&name=constructor&type=constructor&category=__proto__&lang=constructor&element=__proto__&platform=toString&state=__proto__&mode=constructor&algo=constructor&format=__proto__&weapon=constructor&region=__proto__',
  // Coerced to ±Infinity: a whole number to a careless check, and an endless loop or array after it.
  'count=1e400&amount=1e400&limit=1e400&length=1e400&words=1e400&sides=1e400&level=1e400&xp=1e400&needed=1e400&rank=1e400&ts=1e400&page=1e400&n=1e400',
  'count=-1e400&amount=-1e400&limit=-1e400&length=-1e400&words=-1e400&sides=-1e400&level=-1e400&xp=-1e400&needed=-1e400&rank=-1e400&ts=-1e400&page=-1e400&n=-1e400',
];
const HOSTILE_BODIES: Array<{ type: string; payload: string }> = [
  { type: 'application/json', payload: '{"url": 42, "mode": ["x"], "quality": {}, "audioBitrate": -1}' },
  { type: 'application/json', payload: '{"usernameOrEmail": null, "password": false}' },
  { type: 'application/json', payload: '[1,2,3]' },
  { type: 'application/json', payload: '{"quality": 1e400, "audioBitrate": -1e400, "limit": 1e400}' },
  { type: 'application/json', payload: '"just a string"' },
  { type: 'application/json', payload: '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}' },
  { type: 'application/json', payload: '{"url": "https://www.youtube.com/watch?v=\\u0000"}' },
  { type: 'text/plain', payload: 'hello' },
  {
    type: 'multipart/form-data; boundary=xyz',
    payload: '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nbroken',
  },
];

/** A refusal is a problem response (RFC 9457) that says what was wrong, never a bare error. */
function assertNoServerErrorAndProblemShape(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  what: string,
) {
  assert.ok(res.statusCode < 500, `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
  if (res.statusCode >= 400) {
    assert.match(
      String(res.headers['content-type']),
      /^application\/problem\+json/,
      `${what} → ${res.statusCode} without a problem body`,
    );
    assert.equal(typeof JSON.parse(res.body).code, 'string', `${what} → a problem without a code`);
  }
}

function fill(path: string, value: string): string {
  return path.replace(/:(\w+)/g, value).replace(/\*$/, value);
}

describe('no server error from any input, and every refusal a problem', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof loggedInBrowser>>;
  let routes: Array<{ method: string; url: string }>;
  let jikan: FakeJikan;
  after(() => jikan?.close());

  before(async () => {
    jikan = await FakeJikan.start();
    app = await buildTestApp({ demoContent: true, rateLimitPerMinute: 1_000_000, jikanUrl: jikan.url });
    admin = await loggedInBrowser(app, { role: 'admin' });
    const seen = new Set<string>();
    routes = [];
    for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /(\/\S*) \(([A-Z, ]+)\)/.exec(line);
      if (!match) continue;
      for (const method of match[2].split(', ')) {
        const key = `${method} ${match[1]}`;
        if (method === 'HEAD' || method === 'OPTIONS' || seen.has(key) || match[1].includes('/ws/')) continue;
        if (match[1] === '/api/auth/logout') continue; // would end the admin's session mid-test
        seen.add(key);
        routes.push({ method, url: match[1] });
      }
    }
    assert.ok(routes.length > 60, `only ${routes.length} routes found`);
  });

  it('answers hostile path segments and query strings without a 5xx', async () => {
    for (const { method, url } of routes) {
      const paths =
        url.includes(':') || url.endsWith('*') ? HOSTILE_SEGMENTS.map((s) => fill(url, s)) : [url];
      for (const path of paths) {
        for (const query of HOSTILE_QUERIES) {
          const res = await admin.request({ method: method as 'GET', url: `${path}?${query}` });
          assertNoServerErrorAndProblemShape(res, `${method} ${path}?${query.slice(0, 80)}`);
        }
      }
    }
  });

  it('answers hostile bodies on every state-changing route without a 5xx', async () => {
    for (const { method, url } of routes.filter((r) => r.method !== 'GET')) {
      for (const segment of url.includes(':') ? ['1', HOSTILE_SEGMENTS[0]] : ['']) {
        const path = fill(url, segment);
        for (const body of HOSTILE_BODIES) {
          const res = await admin.request({
            method: method as 'POST',
            url: path,
            headers: { 'content-type': body.type },
            payload: body.payload,
          });
          assertNoServerErrorAndProblemShape(
            res,
            `${method} ${path} ${body.type} ${body.payload.slice(0, 60)}`,
          );
        }
      }
    }
  });
});
