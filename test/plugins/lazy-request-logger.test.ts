import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { lazyChildLogger } from '../../src/plugins/lazy-request-logger.js';

function parentLogger() {
  const made: Array<{ bindings: unknown; lines: unknown[][] }> = [];
  const parent = {
    level: 'info',
    child(bindings: unknown) {
      const lines: unknown[][] = [];
      made.push({ bindings, lines });
      const log = (...args: unknown[]) => lines.push(args);
      return {
        level: 'info',
        fatal: log,
        error: log,
        warn: log,
        info: log,
        debug: log,
        trace: log,
        silent: log,
      };
    },
  } as unknown as FastifyBaseLogger;
  return { parent, made };
}

describe('lazyChildLogger', () => {
  it('makes no child for a request that logs nothing', () => {
    const { parent, made } = parentLogger();
    const log = lazyChildLogger(parent, { reqId: 'req-1' }, {});
    assert.equal(log.level, 'info');
    assert.equal(made.length, 0);
  });

  it('makes the child, bound to the request, on the first line and reuses it', () => {
    const { parent, made } = parentLogger();
    const log = lazyChildLogger(parent, { reqId: 'req-2' }, {});
    log.warn({ code: 'X' }, 'first');
    log.error('second');
    assert.equal(made.length, 1);
    assert.deepEqual(made[0].bindings, { reqId: 'req-2' });
    assert.deepEqual(made[0].lines, [[{ code: 'X' }, 'first'], ['second']]);
  });

  it("reports the route's own level before any child exists", () => {
    const { parent } = parentLogger();
    assert.equal(lazyChildLogger(parent, { reqId: 'req-3' }, { level: 'warn' }).level, 'warn');
  });
});
