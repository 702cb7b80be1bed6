import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { withLazyChildren } from '../../src/plugins/lazy-request-logger.js';

interface Made {
  bindings: unknown;
  options: unknown;
  lines: unknown[][];
}

/** A stand-in for pino: records the children it makes and the lines they write. */
function realLogger(level = 'info') {
  const made: Made[] = [];
  const logger = (bindings: unknown, options: unknown, ownLevel: string): FastifyBaseLogger => {
    const lines: unknown[][] = [];
    if (bindings !== undefined) made.push({ bindings, options, lines });
    const log = (...args: unknown[]) => lines.push(args);
    return {
      level: ownLevel,
      levels: { values: { info: 30, warn: 40 } },
      child: (childBindings: unknown, childOptions?: { level?: string }) =>
        logger(childBindings, childOptions, childOptions?.level || ownLevel),
      fatal: log,
      error: log,
      warn: log,
      info: log,
      debug: log,
      trace: log,
      silent: log,
    } as unknown as FastifyBaseLogger;
  };
  return { root: logger(undefined, undefined, level), made };
}

describe('withLazyChildren', () => {
  it('makes no real child for a child that logs nothing, nor for its own children', () => {
    const { root, made } = realLogger();
    const request = withLazyChildren(root).child({}, {}).child({ reqId: 'req-1' }, {});
    assert.equal(request.level, 'info');
    assert.equal(made.length, 0);
  });

  it('makes the chain of children real on the first line, bound as asked, and reuses it', () => {
    const { root, made } = realLogger();
    const app = withLazyChildren(root).child({}, { serializers: {} });
    const request = app.child({ reqId: 'req-2' }, {});
    request.warn({ code: 'X' }, 'first');
    request.error('second');
    app.info('from the app');
    assert.deepEqual(
      made.map(({ bindings }) => bindings),
      [{}, { reqId: 'req-2' }],
    );
    assert.deepEqual(made[0].options, { serializers: {} });
    assert.deepEqual(made[1].lines, [[{ code: 'X' }, 'first'], ['second']]);
    assert.deepEqual(made[0].lines, [['from the app']]);
  });

  it("reports a child's own level before it is real, and its parent's when it has none", () => {
    const { root } = realLogger('debug');
    const app = withLazyChildren(root).child({}, {});
    assert.equal(app.child({ reqId: 'r' }, { level: 'warn' }).level, 'warn');
    // Fastify passes no level (or an empty one) for a route without its own logLevel.
    assert.equal(app.child({ reqId: 'r' }, { level: '' }).level, 'debug');
    assert.equal(app.child({ reqId: 'r' }).level, 'debug');
  });

  it('sets a level on the real child', () => {
    const { root, made } = realLogger();
    const child = withLazyChildren(root).child({ area: 'x' });
    child.level = 'warn';
    assert.equal(made.length, 1);
    assert.equal(child.level, 'warn');
  });

  it('hands on the level table Fastify checks a route logLevel against', () => {
    const { root } = realLogger();
    const app = withLazyChildren(root).child({}, {});
    assert.deepEqual((app as unknown as { levels: unknown }).levels, { values: { info: 30, warn: 40 } });
  });
});

describe('withLazyChildren as the logger Fastify is given', () => {
  function capture() {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)));
        callback();
      },
    });
    return { lines, stream };
  }

  it('writes request lines bound to the request id, with Fastify serializers, and routes may set a logLevel', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ loggerInstance: withLazyChildren(pino({ level: 'info' }, stream)) });
    app.get('/logs', async (request) => {
      request.log.info({ req: request }, 'hello');
      return {};
    });
    app.get('/quiet', { logLevel: 'warn' }, async (request) => {
      request.log.info('not written');
      request.log.warn('written');
      return {};
    });
    await app.inject('/logs');
    await app.inject('/quiet');
    await app.close();
    const hello = lines.find((line) => line.msg === 'hello');
    assert.ok(hello);
    // Fastify's own request ids (req-1, req-2, …), bound by its default child factory.
    assert.match(String(hello.reqId), /^req-\d+$/);
    // Fastify's req serializer: method and url, not the whole request.
    assert.deepEqual(Object.keys(hello.req as object).slice(0, 2), ['method', 'url']);
    assert.ok(!lines.some((line) => line.msg === 'not written'));
    assert.ok(lines.some((line) => line.msg === 'written' && line.level === 40));
  });
});
