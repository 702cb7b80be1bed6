import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { Problem } from '../../../src/lib/problem.js';

/** fn throws a 400 problem whose first field error names `field`. */
export function assertBadField(fn: () => unknown, field: string): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof Problem, String(error));
    assert.equal(error.status, 400);
    assert.equal(error.errors?.[0].field, field);
    return true;
  });
}

/** The response is a 400 problem+json that names `field`. */
export function assertBadRequest(response: LightMyRequestResponse, field: string): void {
  assert.equal(response.statusCode, 400, response.body);
  assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
  const body = response.json();
  assert.equal(body.code, 'VALIDATION_FAILED');
  assert.ok(
    body.errors.some((e: { field: string }) => e.field === field),
    `expected an error on ${field}: ${response.body}`,
  );
}
