import { Problem } from '../../lib/problem.js';

const BROKEN_FORM = /^Multipart: |multipart data|^Boundary required$/;

/**
 * The multipart parser reports a malformed or cut-off form (no boundary, a part that ends
 * early) as a plain Error, which would otherwise count as our fault (500). These are the client's
 * bytes, so they become a 400; a JSON-typed field that is not JSON is a 400 too (the plugin says
 * 406, which is about Accept, not about the body).
 */
export function multipartProblem(error: {
  message?: string;
  code?: string;
  statusCode?: number;
}): Problem | null {
  if (error.code === 'FST_INVALID_JSON_FIELD_ERROR') {
    return new Problem('VALIDATION_FAILED', 'A form field declared as JSON is not valid JSON.', {
      errors: [{ field: 'body', message: 'has a field declared as JSON that is not valid JSON' }],
    });
  }
  if (error.statusCode === undefined && BROKEN_FORM.test(error.message ?? '')) {
    return new Problem('VALIDATION_FAILED', 'The body is not complete, well-formed multipart/form-data.', {
      errors: [{ field: 'body', message: 'is not complete, well-formed multipart/form-data' }],
    });
  }
  return null;
}
