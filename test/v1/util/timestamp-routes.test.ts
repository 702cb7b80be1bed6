import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { assertBadRequest } from '../../helpers/assert-problem.js';
import { buildTestApp } from '../../helpers/test-app.js';

let app: FastifyInstance;
before(async () => {
  app = await buildTestApp({ rateLimitPerMinute: 100_000 });
});
const get = (query?: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/v1/util/timestamp', query });

describe('GET /api/v1/util/timestamp', () => {
  it('without ts describes the current time', async () => {
    const before = Date.now();
    const response = await get();
    const body = response.json();
    assert.equal(body.source, 'now');
    assert.ok(body.unixMs >= before && body.unixMs <= Date.now());
    assert.equal(body.unix, Math.floor(body.unixMs / 1000));
    assert.equal(body.iso, new Date(body.unixMs).toISOString());
    assert.equal(response.headers['cache-control'], 'no-store');
  });
  it('reads Unix seconds in winter (CET)', async () => {
    assert.deepEqual((await get({ ts: '1700000000' })).json(), {
      source: 'seconds',
      unix: 1700000000,
      unixMs: 1700000000000,
      iso: '2023-11-14T22:13:20.000Z',
      berlin: {
        timeZone: 'Europe/Berlin',
        iso: '2023-11-14T23:13:20.000+01:00',
        date: '2023-11-14',
        time: '23:13:20',
        offset: '+01:00',
        abbreviation: 'CET',
        summerTime: false,
      },
    });
  });
  it('reads Unix milliseconds in summer (CEST)', async () => {
    const body = (await get({ ts: '1782907200123' })).json();
    assert.deepEqual(
      [body.source, body.unix, body.iso],
      ['milliseconds', 1782907200, '2026-07-01T12:00:00.123Z'],
    );
    assert.deepEqual(
      [body.berlin.time, body.berlin.abbreviation, body.berlin.summerTime],
      ['14:00:00', 'CEST', true],
    );
  });
  it('reads ISO strings, with an offset or as UTC', async () => {
    assert.equal((await get({ ts: '2026-07-01T14:00:00+02:00' })).json().unix, 1782907200);
    assert.equal((await get({ ts: '2026-07-01T12:00:00' })).json().unix, 1782907200);
  });
  it('is right on both sides of the spring-forward transition', async () => {
    const before = (await get({ ts: '2026-03-29T00:59:59Z' })).json().berlin;
    const after = (await get({ ts: '2026-03-29T01:00:00Z' })).json().berlin;
    assert.equal(before.iso, '2026-03-29T01:59:59.000+01:00');
    assert.equal(after.iso, '2026-03-29T03:00:00.000+02:00');
  });
  it('is right on both sides of the fall-back transition', async () => {
    const before = (await get({ ts: '1792889999' })).json().berlin; // 2026-10-25T00:59:59Z
    const after = (await get({ ts: '1792890000' })).json().berlin;
    assert.equal(before.iso, '2026-10-25T02:59:59.000+02:00');
    assert.equal(after.iso, '2026-10-25T02:00:00.000+01:00');
  });
  it('refuses what is not a time, naming ts', async () => {
    for (const ts of ['', 'tomorrow', '2026-02-30', '99999999999999999', '1e9'])
      assertBadRequest(await get({ ts }), 'ts');
  });
});
