import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { problemFromStatus } from '../../src/lib/problem.js';

describe('problemFromStatus', () => {
  it('gives a bare status its general code, never a specific one that shares the status', () => {
    assert.equal(problemFromStatus(403), 'FORBIDDEN');
    assert.equal(problemFromStatus(503), 'SERVICE_UNAVAILABLE');
    assert.equal(problemFromStatus(404), 'NOT_FOUND');
    assert.equal(problemFromStatus(429), 'RATE_LIMITED');
  });
});
