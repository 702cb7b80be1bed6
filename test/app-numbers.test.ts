import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './helpers/test-app.js';

/**
 * "1e400" reads as Infinity, which is a whole number to a careless integer check and larger than
 * any loop should run. Every numeric parameter refuses it with a 400 naming the parameter.
 */
describe('numbers beyond range', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  const CASES: Array<[string, string]> = [
    ['/api/v1/util/uuid', 'count'],
    ['/api/v1/util/password', 'length'],
    ['/api/v1/util/dice', 'sides'],
    ['/api/v1/util/dice', 'count'],
    ['/api/v1/util/lorem', 'words'],
    ['/api/v1/neko', 'amount'],
    ['/api/groups', 'limit'],
  ];
  for (const [path, field] of CASES) {
    it(`${path} refuses ${field}=1e400, -1e400 and Infinity, naming ${field}`, async () => {
      for (const value of ['1e400', '-1e400', 'Infinity', '-Infinity', 'NaN']) {
        const res = await app.inject({ url: `${path}?${field}=${value}` });
        assert.equal(res.statusCode, 400, `${field}=${value}: ${res.body.slice(0, 200)}`);
        assert.match(res.headers['content-type'] as string, /^application\/problem\+json/);
        assert.match(res.body, new RegExp(field), `${field}=${value} names the field`);
      }
    });
  }

  it('refuses 1e400 inside a JSON body as well', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/d/youtube',
      headers: { 'content-type': 'application/json' },
      payload: '{"url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "audioBitrate": 1e400}',
    });
    assert.equal(res.statusCode, 400, res.body);
  });
});
