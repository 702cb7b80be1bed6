import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../src/config.js';
import { problemResponses } from '../../src/lib/schemas.js';
import csrf from '../../src/plugins/csrf.js';
import errors from '../../src/plugins/errors.js';
import routeContract, { RouteContractError } from '../../src/plugins/route-contract.js';
import { assertProblem } from '../helpers/assert-problem.js';

const Ok = Type.Object({ ok: Type.Boolean() });
const ok = async () => ({ ok: true });

/** A bare app with the contract plugin and the given routes, made ready. */
async function appWith(routes: FastifyPluginAsync): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(routeContract);
  await app.register(errors);
  await app.register(routes);
  await app.ready();
  return app;
}

/** Checks that an app with these routes refuses to start, with a message naming the route and the gap. */
async function refuses(routes: FastifyPluginAsync, message: RegExp): Promise<void> {
  const app = Fastify({ logger: false });
  await assert.rejects(
    (async () => {
      await app.register(routeContract);
      await app.register(errors);
      await app.register(routes);
      await app.ready();
    })(),
    (error: unknown) => error instanceof RouteContractError && message.test(error.message),
  );
  await app.close().catch(() => {});
}

describe('route contract: refusing to start', () => {
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    it(`refuses a ${method} directory route without a CSRF check`, async () => {
      await refuses(
        async (app) => {
          app.route({
            method,
            url: '/api/things',
            config: { cache: 'no-store' },
            schema: { response: { 200: Ok } },
            handler: ok,
          });
        },
        new RegExp(`^${method} /api/things: .*config\\.csrf`),
      );
    });
  }

  it('refuses one that declares csrf: false, and one mounted under a prefix', async () => {
    await refuses(async (app) => {
      app.post(
        '/api/things',
        { config: { cache: 'no-store', csrf: false }, schema: { response: { 200: Ok } } },
        ok,
      );
    }, /config\.csrf/);
    await refuses(async (app) => {
      await app.register(
        async (api) => {
          api.delete(
            '/things/:id',
            { config: { cache: 'no-store' }, schema: { response: { 204: Type.Null() } } },
            ok,
          );
        },
        { prefix: '/api' },
      );
    }, /^DELETE \/api\/things\/:id: /);
  });

  it('lets the public bot API, reads and routes outside /api change state without one', async () => {
    const app = await appWith(async (app) => {
      app.post('/api/v1/things', { config: { cache: 'no-store' }, schema: { response: { 202: Ok } } }, ok);
      app.post('/api/v1', { config: { cache: 'no-store' }, schema: { response: { 202: Ok } } }, ok);
      app.get('/api/things', { config: { cache: 'no-store' }, schema: { response: { 200: Ok } } }, ok);
      app.post('/elsewhere', { config: { cache: 'no-store' }, schema: { response: { 200: Ok } } }, ok);
    });
    await app.close();
  });

  it('refuses a documented route that does not say how its answers may be cached', async () => {
    await refuses(async (app) => {
      app.get('/api/v1/things', { schema: { response: { 200: Ok } } }, ok);
    }, /^GET \/api\/v1\/things: .*config\.cache/);
  });

  it('refuses a route whose schema declares no success response', async () => {
    await refuses(async (app) => {
      app.get(
        '/api/things',
        { config: { cache: 'no-store' }, schema: { querystring: Type.Object({ q: Type.String() }) } },
        ok,
      );
    }, /^GET \/api\/things: .*2xx/);
    await refuses(async (app) => {
      app.get(
        '/api/v1/things',
        { config: { cache: 'no-store' }, schema: { response: { ...problemResponses(400) } } },
        ok,
      );
    }, /^GET \/api\/v1\/things: .*2xx/);
  });

  it('accepts a 2xx range, and hidden routes (files, pages) without a response schema', async () => {
    const app = await appWith(async (app) => {
      app.get('/api/things', { config: { cache: 'no-store' }, schema: { response: { '2xx': Ok } } }, ok);
      app.get('/page', { config: { cache: 'no-store' }, schema: { hide: true } }, async () => 'html');
      app.get('/no-schema', ok);
    });
    await app.close();
  });

  it('refuses guarded routes that do not declare the statuses their guards answer', async () => {
    await refuses(async (app) => {
      app.get(
        '/api/mine',
        { config: { cache: 'no-store', auth: 'user' }, schema: { response: { 200: Ok } } },
        ok,
      );
    }, /^GET \/api\/mine: .*401/);
    await refuses(async (app) => {
      app.get(
        '/api/admin/things',
        {
          config: { cache: 'no-store', auth: 'admin' },
          schema: { response: { 200: Ok, ...problemResponses(401) } },
        },
        ok,
      );
    }, /^GET \/api\/admin\/things: .*403/);
    await refuses(async (app) => {
      app.post(
        '/api/things',
        {
          config: { cache: 'no-store', csrf: true },
          schema: { response: { 201: Ok, ...problemResponses(400) } },
        },
        ok,
      );
    }, /^POST \/api\/things: .*403/);
    await refuses(async (app) => {
      app.get('/api/mine', { config: { cache: 'no-store', auth: 'user' } }, ok);
    }, /^GET \/api\/mine: .*401/);
  });

  it('refuses guards whose plugins are not in scope', async () => {
    await refuses(async (app) => {
      app.get(
        '/api/mine',
        {
          config: { cache: 'no-store', auth: 'user' },
          schema: { response: { 200: Ok, ...problemResponses(401) } },
        },
        ok,
      );
    }, /sessions plugin/);
    await refuses(async (app) => {
      app.post(
        '/api/things',
        {
          config: { cache: 'no-store', csrf: true },
          schema: { response: { 200: Ok, ...problemResponses(403) } },
        },
        ok,
      );
    }, /csrf plugin/);
  });
});

describe('route contract: guards', async () => {
  let bodiesRead = 0;
  const app = Fastify({ logger: false }).withTypeProvider<TypeBoxTypeProvider>();
  await app.register(routeContract);
  await app.register(errors);
  await app.register(cookie, { secret: 'route-contract-test-secret-'.padEnd(40, 'x') });
  app.decorate('config', { secureCookies: false } as Config);
  await app.register(csrf);
  // Stands in for the sessions plugin: the test names the user in a header.
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const role = request.headers['x-test-role'];
    if (role === 'user' || role === 'admin') request.user = { id: 1, role } as never;
  });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    bodiesRead += 1;
    done(null, JSON.parse(String(body)));
  });
  const Guarded = { 200: Ok, ...problemResponses(401, 403) };
  app.get(
    '/api/token',
    { config: { cache: 'no-store' }, schema: { response: { 200: Type.Object({ token: Type.String() }) } } },
    (_r, reply) => ({
      token: reply.generateCsrf(),
    }),
  );
  app.get('/api/mine', { config: { cache: 'no-store', auth: 'user' }, schema: { response: Guarded } }, ok);
  app.get(
    '/api/admin/stats',
    { config: { cache: 'no-store', auth: 'admin' }, schema: { response: Guarded } },
    ok,
  );
  app.post(
    '/api/things',
    { config: { cache: 'no-store', auth: 'user', csrf: true }, schema: { response: Guarded } },
    ok,
  );
  await app.ready();
  after(() => app.close());

  /** A token with the cookie its secret lives in, as GET /api/auth/me hands them out. */
  async function csrfPair(): Promise<{ token: string; cookie: string }> {
    const response = await app.inject({ method: 'GET', url: '/api/token' });
    const cookies = response.cookies as Array<{ name: string; value: string }>;
    return {
      token: response.json().token,
      cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    };
  }
  it('answers 401 without a session, on the HEAD twin of a GET too', async () => {
    assertProblem(await app.inject({ method: 'GET', url: '/api/mine' }), 401, 'UNAUTHENTICATED');
    assert.equal((await app.inject({ method: 'HEAD', url: '/api/mine' })).statusCode, 401);
    const user = { 'x-test-role': 'user' };
    assert.equal((await app.inject({ method: 'GET', url: '/api/mine', headers: user })).statusCode, 200);
  });

  it('answers 403 to the wrong role', async () => {
    const asUser = await app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      headers: { 'x-test-role': 'user' },
    });
    assertProblem(asUser, 403, 'FORBIDDEN');
    assert.equal((await app.inject({ method: 'GET', url: '/api/admin/stats' })).statusCode, 401);
    const asAdmin = await app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      headers: { 'x-test-role': 'admin' },
    });
    assert.equal(asAdmin.statusCode, 200);
  });

  it('answers 403 without the CSRF token, and lets the request through with it', async () => {
    const { token, cookie } = await csrfPair();
    const send = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/things',
        headers: { 'x-test-role': 'user', cookie, ...headers },
      });
    assertProblem(await send({}), 403, 'CSRF_INVALID');
    assertProblem(await send({ 'x-csrf-token': 'forged' }), 403, 'CSRF_INVALID');
    assert.equal((await send({ 'x-csrf-token': token })).statusCode, 200);
  });

  it('checks the login before the CSRF token, and reads no body of a refused request', async () => {
    const before = bodiesRead;
    const response = await app.inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"big":"body"}',
    });
    assertProblem(response, 401, 'UNAUTHENTICATED');
    assert.equal(bodiesRead, before);
  });
});
