import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { badRequest } from '../../src/lib/problem.js';
import errors, { fieldErrors } from '../../src/plugins/errors.js';
import { assertProblem } from '../helpers/assert-problem.js';
import { buildTestApp } from '../helpers/test-app.js';

describe('problem responses', () => {
  it('answers an unknown route with a 404 problem', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ url: '/no/such/thing?x=1' });
    const body = assertProblem(res, 404, 'NOT_FOUND');
    assert.deepEqual(Object.keys(body).sort(), ['code', 'detail', 'status', 'title', 'type']);
    assert.equal(body.detail, 'No route for GET /no/such/thing.');
  });

  it('answers a path that is not valid percent-encoding with a 400 problem naming the path', async () => {
    const app = await buildTestApp();
    for (const url of ['/api/v1/genshin/characters/%ZZ', '/api/groups/%E0%A4%A/like', '/%ZZ']) {
      const res = await app.inject({ url });
      assertProblem(res, 400, 'VALIDATION_FAILED', url);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
      assert.deepEqual(res.json().errors, [{ field: 'path', message: 'is not valid percent-encoding' }]);
    }
  });

  it('turns a thrown Problem into its status and body, and never leaks an internal error', async () => {
    const app = Fastify({ logger: false });
    await app.register(errors);
    app.get('/bad', async () => {
      throw badRequest('colour', 'must be a hex colour');
    });
    app.get('/boom', async () => {
      throw new Error('secret connection string postgres://admin:hunter2@db');
    });
    const bad = await app.inject({ url: '/bad' });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json().errors, [{ field: 'colour', message: 'must be a hex colour' }]);
    const boom = await app.inject({ url: '/boom' });
    assertProblem(boom, 500, 'INTERNAL_ERROR');
    assert.doesNotMatch(boom.body, /hunter2|postgres/);
    await app.close();
  });

  it('lists the valid values of a closed choice instead of "must be equal to constant"', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ url: '/api/v1/random/kitten' });
    const body = assertProblem(res, 400, 'VALIDATION_FAILED');
    assert.deepEqual(body.errors, [
      { field: 'kind', message: 'must be one of anime, neko, waifu, gif, reaction' },
    ]);
    assert.match(body.detail, /kind must be one of anime, neko, waifu, gif, reaction/);
  });

  it('names the field of each schema failure', () => {
    const errors = fieldErrors(
      [
        { instancePath: '/username', keyword: 'minLength', message: 'must NOT have fewer than 3 characters' },
        { instancePath: '', keyword: 'required', params: { missingProperty: 'email' }, message: 'x' },
        {
          instancePath: '/mode',
          keyword: 'enum',
          params: { allowedValues: ['encode', 'decode'] },
          message: 'x',
        },
      ],
      'body',
    );
    assert.deepEqual(errors, [
      { field: 'username', message: 'must NOT have fewer than 3 characters' },
      { field: 'email', message: 'is required' },
      { field: 'mode', message: 'must be one of encode, decode' },
    ]);
  });
});
