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

  test('too many files, fields or parts is a 400 naming the body, not a 413', () => {
    for (const code of ['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']) {
      const error = Object.assign(new Error('reach limit'), { code, statusCode: 413 });
      const problem = multipartProblem(error, { files: 1, fields: 20, parts: 25 });
      assert.equal(problem?.status, 400, code);
      assert.equal(problem?.code, 'VALIDATION_FAILED');
      assert.equal(problem?.errors?.[0].field, 'body');
      assert.match(problem?.errors?.[0].message ?? '', /at most (1|20|25)/);
    }
  });

  test('a file over the size limit stays a 413 for the service error handler', () => {
    const error = Object.assign(new Error('request file too large'), {
      code: 'FST_REQ_FILE_TOO_LARGE',
      statusCode: 413,
    });
    assert.equal(multipartProblem(error), null);
  });

  test('anything else is left to the service error handler', () => {
    assert.equal(multipartProblem(new Error('database is locked')), null);
    assert.equal(multipartProblem(Object.assign(new Error('Multipart: x'), { statusCode: 413 })), null);
  });
});
