import { Problem } from '../../lib/problem.js';

const BROKEN_FORM = /^Multipart: |multipart data|^Boundary required$/;

/** What a form may hold; the parser stops at the first part beyond. */
export interface FormLimits {
  files: number;
  fields: number;
  parts: number;
}

/**
 * The multipart parser reports a malformed or cut-off form (no boundary, a part that ends
 * early) as a plain Error, which would otherwise count as our fault (500). These are the client's
 * bytes, so they become a 400; a JSON-typed field that is not JSON is a 400 too (the plugin says
 * 406, which is about Accept, not about the body). Too many files, fields or parts is a 400 as
 * well, naming the body: the plugin says 413, but that is for sizes, and no size was too large.
 */
export function multipartProblem(
  error: { message?: string; code?: string; statusCode?: number },
  limits?: FormLimits,
): Problem | null {
  const tooMany = TOO_MANY[error.code ?? ''];
  if (tooMany) {
    const message = tooMany(limits);
    return new Problem('VALIDATION_FAILED', `body: ${message}`, { errors: [{ field: 'body', message }] });
  }
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

const most = (n: number | undefined) => (n === undefined ? '' : ` (at most ${n})`);

const TOO_MANY: Record<string, (limits?: FormLimits) => string> = {
  FST_FILES_LIMIT: (limits) =>
    `has more files than the form takes${most(limits?.files)}; only logo is a file`,
  FST_FIELDS_LIMIT: (limits) => `has more fields than the form takes${most(limits?.fields)}`,
  FST_PARTS_LIMIT: (limits) => `has more parts than the form takes${most(limits?.parts)}`,
};
