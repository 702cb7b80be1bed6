import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { multipartProblem } from '../../../src/directory/groups/multipart-errors.js';

describe('multipartProblem', () => {
  test("a malformed or cut-off form is the client's 400", () => {
    for (const message of [
      'Multipart: Boundary not found',
      'Unexpected end of multipart data',
      'File terminated early due to unexpected end of multipart data',
    ]) {
      const problem = multipartProblem(new Error(message));
      assert.equal(problem?.status, 400, message);
      assert.equal(problem?.errors?.[0].field, 'body');
    }
  });

  test('a field declared as JSON that is not JSON is a 400, not a 406', () => {
    const error = Object.assign(new Error('bad json'), {
      code: 'FST_INVALID_JSON_FIELD_ERROR',
      statusCode: 406,
    });
    assert.equal(multipartProblem(error)?.status, 400);
  });

  test('anything else is left to the service error handler', () => {
    assert.equal(multipartProblem(new Error('database is locked')), null);
    assert.equal(multipartProblem(Object.assign(new Error('Multipart: x'), { statusCode: 413 })), null);
  });
});
