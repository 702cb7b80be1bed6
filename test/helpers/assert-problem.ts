import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { Problem } from '../../src/lib/problem.js';

/** The body of an RFC 9457 problem as the service sends it. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: Array<{ field: string; message: string }>;
}

/**
 * The response is an application/problem+json with this status, its `status` field and `code`
 * saying the same; returns the problem for further checks. `context` is added to failure messages
 * (the request, when one assertion runs over many).
 */
export function assertProblem(
  response: LightMyRequestResponse,
  status: number,
  code: string,
  context = '',
): ProblemBody {
  const what = `${context ? `${context}: ` : ''}${response.body}`;
  assert.equal(response.statusCode, status, what);
  assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8', what);
  const body = response.json() as ProblemBody;
  assert.equal(body.code, code, what);
  assert.equal(body.status, status, what);
  return body;
}

/** The response is a 400 problem+json that names `field`. */
export function assertBadRequest(response: LightMyRequestResponse, field: string, context = ''): ProblemBody {
  const body = assertProblem(response, 400, 'VALIDATION_FAILED', context);
  assert.ok(
    body.errors?.some((e) => e.field === field),
    `expected an error on ${field}: ${response.body}`,
  );
  return body;
}

/** fn throws a 400 problem whose first field error names `field`. */
export function assertBadField(fn: () => unknown, field: string): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof Problem, String(error));
    assert.equal(error.status, 400);
    assert.equal(error.errors?.[0].field, field);
    return true;
  });
}
