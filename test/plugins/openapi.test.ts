import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { assertProblem } from '../helpers/assert-problem.js';
import {
  DocumentValidator,
  fetchDocument,
  type OpenApiDocument,
  operationsOf,
  type Schema,
} from '../helpers/openapi.js';
import { buildTestApp } from '../helpers/test-app.js';

/** The `$ref` of the shared problem schema. */
const PROBLEM = '#/components/schemas/Problem';

describe('the OpenAPI document', () => {
  let app: FastifyInstance;
  let doc: OpenApiDocument;
  before(async () => {
    app = await buildTestApp();
    doc = await fetchDocument(app);
  });

  it('names every operation with a unique verbNoun operationId, a summary and a declared tag', () => {
    const seen = new Map<string, string>();
    const tags = new Set(doc.tags?.map((t) => t.name));
    for (const { method, path, operation } of operationsOf(doc)) {
      const where = `${method} ${path}`;
      const id = operation.operationId;
      assert.ok(id, `${where} has no operationId`);
      assert.match(id, /^[a-z]+(?:[A-Z][a-z0-9]*)+$/, `${where}: ${id} is not lower camelCase verbNoun`);
      assert.ok(!seen.has(id), `${id} names both ${seen.get(id)} and ${where}`);
      seen.set(id, where);
      assert.ok(operation.summary, `${where} has no summary`);
      assert.ok(operation.tags?.length, `${where} has no tag`);
      for (const tag of operation.tags ?? [])
        assert.ok(tags.has(tag), `${where}: tag ${tag} is not declared`);
    }
    assert.ok(seen.size >= 80, `only ${seen.size} operations`);
  });

  it('declares every error as application/problem+json with the Problem schema', () => {
    for (const { method, path, operation } of operationsOf(doc)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const where = `${method} ${path} ${status}`;
        if (path === '/readyz') continue; // not ready is a status report, not a problem
        assert.deepEqual(Object.keys(response.content ?? {}), ['application/problem+json'], where);
        assert.equal(response.content?.['application/problem+json'].schema?.$ref, PROBLEM, where);
        assert.notEqual(response.description, 'Default Response', where);
      }
    }
    const problem = doc.components.schemas.Problem as { properties: { code: { enum: string[] } } };
    assert.ok(problem.properties.code.enum.includes('RATE_LIMITED'), 'the codes are a closed list');
  });

  it('requires no parameter or body field that has a default', () => {
    for (const { method, path, operation } of operationsOf(doc)) {
      for (const parameter of operation.parameters ?? []) {
        if ('default' in parameter.schema)
          assert.equal(parameter.required, false, `${method} ${path}: ${parameter.name} has a default`);
      }
      for (const media of Object.values(operation.requestBody?.content ?? {})) {
        const schema = media.schema as { required?: string[]; properties?: Record<string, Schema> };
        for (const name of schema.required ?? [])
          assert.ok(!('default' in (schema.properties?.[name] ?? {})), `${method} ${path}: body ${name}`);
      }
    }
    const amount = doc.paths['/api/v1/{category}'].get.parameters?.find((p) => p.name === 'amount');
    assert.equal(amount?.required, false);
  });

  it('lists closed choices as enums', () => {
    const param = (path: string, name: string) =>
      doc.paths[path].get.parameters?.find((p) => p.name === name)?.schema as {
        enum?: unknown[];
        type?: string;
      };
    assert.deepEqual(param('/api/v1/fun/rps', 'choice').enum, [
      'rock',
      'paper',
      'scissors',
      'stein',
      'papier',
      'schere',
    ]);
    assert.ok(param('/api/v1/genshin/characters', 'element').enum?.includes('pyro'));
    assert.deepEqual(param('/api/v1/random/{kind}', 'kind').enum, [
      'anime',
      'neko',
      'waifu',
      'gif',
      'reaction',
    ]);
    assert.deepEqual(param('/api/v1/menu/{section}', 'section').enum, ['main', 'ai', 'fun', 'system']);
    assert.deepEqual(param('/api/v1/menu/{section}', 'format'), {
      type: 'string',
      enum: ['json', 'png'],
      default: 'json',
    });
    // No union of single values is left anywhere: each became one enum with its type.
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) {
        for (const [i, n] of node.entries()) walk(n, `${where}/${i}`);
        return;
      }
      if (typeof node !== 'object' || node === null) return;
      const schema = node as Record<string, unknown>;
      if (Array.isArray(schema.enum)) assert.ok(schema.type, `${where}: an enum without a type`);
      for (const key of ['anyOf', 'oneOf']) {
        const members = schema[key];
        if (Array.isArray(members))
          assert.ok(
            !members.every((m) => typeof m === 'object' && m !== null && ('const' in m || 'enum' in m)),
            `${where}: ${key} of single values`,
          );
      }
      for (const [key, value] of Object.entries(schema))
        if (key !== 'example' && key !== 'examples') walk(value, `${where}/${key}`);
    };
    walk(doc.paths, '#/paths');
    walk(doc.components.schemas, '#/components/schemas');
  });

  it('says who may call each operation, from the route guards', () => {
    const schemes = doc.components.securitySchemes ?? {};
    assert.deepEqual(schemes.session, {
      ...schemes.session,
      type: 'apiKey',
      in: 'cookie',
      name: 'kizuna-session',
    });
    assert.deepEqual(schemes.csrfToken, {
      ...schemes.csrfToken,
      type: 'apiKey',
      in: 'header',
      name: 'x-csrf-token',
    });
    assert.deepEqual(schemes.csrfCookie, {
      ...schemes.csrfCookie,
      type: 'apiKey',
      in: 'cookie',
      name: 'kizuna-csrf',
    });
    const security = (path: string, method = 'get') => doc.paths[path][method].security;
    assert.deepEqual(security('/api/groups', 'post'), [{ session: [], csrfToken: [], csrfCookie: [] }]);
    assert.deepEqual(security('/api/groups/mine'), [{ session: [] }]);
    assert.deepEqual(security('/api/auth/login', 'post'), [{ csrfToken: [], csrfCookie: [] }]);
    assert.deepEqual(security('/api/groups'), [{}, { session: [] }]);
    assert.deepEqual(security('/api/v1/{category}'), []);
    for (const { method, path, operation } of operationsOf(doc))
      assert.ok(Array.isArray(operation.security), `${method} ${path} says nothing about security`);
    assert.ok(doc.servers?.length, 'servers');
  });

  it('describes binary answers as their media types, never as JSON strings', () => {
    const content = (path: string, status = '200') => doc.paths[path].get.responses[status].content ?? {};
    assert.deepEqual(content('/api/v1/canvas/{type}')['image/png'].schema, {
      type: 'string',
      format: 'binary',
    });
    assert.deepEqual(Object.keys(content('/api/v1/util/qr')), ['image/svg+xml', 'image/png']);
    assert.ok(content('/api/v1/menu/{section}')['image/png']);
    assert.ok(content('/api/v1/files/{name}')['image/webp']);
    assert.ok(content('/api/v1/jobs/{id}/files/{name}')['audio/*']);
    assert.ok(content('/api/groups/logos/{file}')['image/png']);
    for (const { method, path, operation } of operationsOf(doc)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const json = response.content?.['application/json']?.schema;
        assert.ok(json?.format !== 'binary', `${method} ${path} ${status}: binary bytes as application/json`);
      }
    }
  });

  it('documents the response headers the routes send', () => {
    const headers = (path: string, status: string, method = 'get') =>
      Object.keys(doc.paths[path][method].responses[status].headers ?? {});
    for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Cache-Control'])
      assert.ok(headers('/api/v1/{category}', '200').includes(name), name);
    assert.ok(headers('/api/v1/{category}', '429').includes('Retry-After'));
    assert.ok(headers('/api/groups', '200').includes('Link'));
    assert.ok(headers('/api/v1/endpoints', '200').includes('ETag'));
    assert.ok(doc.paths['/api/v1/endpoints'].get.responses['304'], 'a catalog answers 304');
    assert.ok(headers('/api/v1/files/{name}', '206').includes('Content-Range'));
    assert.ok(headers('/api/v1/jobs/{id}/files/{name}', '200').includes('Content-Disposition'));
    assert.ok(headers('/api/v1/canvas/{type}', '200').includes('X-Avatar-Status'));
    assert.ok(headers('/api/v2/{category}', '200').includes('x-rate-limit-reset'));
  });

  it('describes the live queue WebSocket: a 101 upgrade and its messages', async () => {
    const ws = doc.paths['/api/v1/ws/{id}'].get;
    assert.equal(ws.operationId, 'watchDownloadJob');
    assert.ok(ws.responses['101']);
    assert.match(String(ws.description), /`progress`/);
    const plain = await app.inject({ url: '/api/v1/ws/some-job' });
    assertProblem(plain, 426, 'UPGRADE_REQUIRED');
    assert.equal(plain.headers.upgrade, 'websocket');
  });

  it('gives the main operations examples, and every example fits its schema', () => {
    const validator = new DocumentValidator(doc);
    let examples = 0;
    for (const { method, path, operation } of operationsOf(doc)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (media.example === undefined || !media.schema) continue;
          examples += 1;
          const errors = validator.errors(media.schema, media.example);
          assert.deepEqual(errors, [], `${method} ${path} ${status} ${type}`);
        }
      }
    }
    for (const path of ['/api/v1/{category}', '/api/groups', '/api/v1/fun/trivia', '/sfw/{category}'])
      assert.ok(doc.paths[path].get.responses['200'].content?.['application/json'].example, path);
    assert.ok(examples >= 10, `only ${examples} examples`);
  });

  it('opens with the conventions page for bot authors', () => {
    const intro = String(doc.info.description);
    for (const heading of ['Errors', 'Rate limits', 'Caching', 'Pagination', 'Compatibility mounts'])
      assert.match(intro, new RegExp(`^## ${heading}$`, 'm'), heading);
    assert.match(intro, /not new versions of our API/);
  });
});

describe('the API reference at /docs', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp();
  });

  it('is an HTML page under the strict CSP, its one inline script allowed by hash', async () => {
    const res = await app.inject({ url: '/docs/' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(res.body, /<title>Kizuna API reference<\/title>/);
    assert.match(res.body, /\/api\/v1\/openapi\.json/);
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    const scriptSrc = String(directive('script-src'));
    assert.doesNotMatch(scriptSrc, /unsafe-inline|unsafe-eval|\*/);
    assert.equal(directive('default-src'), "default-src 'self'");
    assert.equal(directive('connect-src'), "connect-src 'self'");
    assert.equal(directive('object-src'), "object-src 'none'");
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1])
      .filter((body) => body.trim() !== '');
    assert.ok(inline.length > 0, 'the bootstrap script is inline');
    for (const body of inline) {
      const hash = createHash('sha256').update(body).digest('base64');
      assert.ok(scriptSrc.includes(`'sha256-${hash}'`), `no hash for ${body.slice(0, 60)}`);
    }
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
    assert.equal(res.headers['cache-control'], 'no-cache');
  });

  it('sends /docs to /docs/ and serves the reference script from this host', async () => {
    const bare = await app.inject({ url: '/docs' });
    assert.equal(bare.statusCode, 301);
    assert.equal(bare.headers.location, '/docs/');
    const page = await app.inject({ url: '/docs/' });
    const src = /<script src="([^"]+)"/.exec(page.body)?.[1];
    assert.ok(src && !/^https?:/.test(src), `the script comes from this host: ${src}`);
    const script = await app.inject({ url: new URL(src, 'http://localhost/docs/').pathname });
    assert.equal(script.statusCode, 200);
    assert.match(String(script.headers['content-type']), /^application\/javascript/);
    assert.match(String(script.headers['cache-control']), /^public, max-age=\d+$/);
    const zipped = await app.inject({
      url: new URL(src, 'http://localhost/docs/').pathname,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    assert.equal(zipped.headers['content-encoding'], 'br');
    assert.equal(zipped.headers.vary, 'accept-encoding');
    assert.ok(zipped.rawPayload.length < script.rawPayload.length / 3, 'the script travels compressed');
    assert.equal(brotliDecompressSync(zipped.rawPayload).toString(), script.body);
  });
});
