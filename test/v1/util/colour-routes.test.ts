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
  app.inject({ method: 'GET', url: '/api/v1/util/color', query });

describe('GET /api/v1/util/color', () => {
  it('describes a colour given with or without #', async () => {
    const expected = {
      hex: '#ff8800',
      rgb: { r: 255, g: 136, b: 0 },
      hsl: { h: 32, s: 100, l: 50 },
      complementary: '#0077ff',
      luminance: 0.3887,
      tone: 'light',
      isLight: true,
      textColor: '#000000',
      random: false,
    };
    assert.deepEqual((await get({ hex: '#FF8800' })).json(), expected);
    assert.deepEqual((await get({ hex: 'ff8800' })).json(), expected);
    assert.equal((await get({ hex: '0a0a23' })).json().tone, 'dark');
  });
  it('without hex gives a random colour, uncacheable', async () => {
    const hexes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const response = await get();
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'no-store');
      const body = response.json();
      assert.equal(body.random, true);
      assert.match(body.hex, /^#[0-9a-f]{6}$/);
      hexes.add(body.hex);
    }
    assert.ok(hexes.size > 1);
  });
  it('refuses anything but six hex digits, naming hex', async () => {
    for (const bad of ['fff', '#12345', '1234567', 'gggggg', '##ffffff', ''])
      assertBadRequest(await get({ hex: bad }), 'hex');
  });
});
