import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NO_STORE } from '../lib/http/cache-control.js';
import { isOpenCorsPath, OPEN_CORS_HEADERS } from '../lib/http/cors.js';
import { type FieldError, Problem, problemFromStatus } from '../lib/problem.js';
import { ProblemSchema } from '../lib/schemas.js';

interface AjvError {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** Turns Ajv's findings into `{field, message}` pairs that name the offending input. */
export function fieldErrors(validation: AjvError[], context: string | undefined): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  // A closed choice written as a union of literals fails once per literal ("must be equal to
  // constant"): gathered per field, they become one message that lists the valid values.
  const choices = new Map<string, unknown[]>();
  for (const error of validation) {
    if (error.keyword === 'const' && error.params && 'allowedValue' in error.params) {
      const path = error.instancePath ?? '';
      choices.set(path, [...(choices.get(path) ?? []), error.params.allowedValue]);
    }
  }
  for (const error of validation) {
    let field = (error.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    if (error.keyword === 'required' && typeof error.params?.missingProperty === 'string') {
      field = field ? `${field}.${error.params.missingProperty}` : error.params.missingProperty;
    } else if (
      error.keyword === 'additionalProperties' &&
      typeof error.params?.additionalProperty === 'string'
    ) {
      field = error.params.additionalProperty;
    }
    if (!field) field = context ?? 'request';
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'required') message = 'is required';
    else if (error.keyword === 'enum' && Array.isArray(error.params?.allowedValues)) {
      message = `must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
    } else if (error.keyword === 'const' && choices.has(error.instancePath ?? '')) {
      message = `must be one of ${(choices.get(error.instancePath ?? '') ?? []).join(', ')}`;
    } else if (error.keyword === 'anyOf' || error.keyword === 'if') continue;
    const key = `${field}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field, message });
  }
  return out.length > 0 ? out : [{ field: context ?? 'request', message: 'is invalid' }];
}

/** Maps any error a handler, hook, plugin or Fastify itself throws to a Problem. */
export function toProblem(error: FastifyError & { validation?: AjvError[] }): Problem {
  if (error instanceof Problem) return error;
  if (error.validation) {
    const errors = fieldErrors(error.validation, error.validationContext);
    return new Problem('VALIDATION_FAILED', errors.map((e) => `${e.field} ${e.message}`).join('; '), {
      errors,
    });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new Problem('PAYLOAD_TOO_LARGE', 'The request body is larger than this endpoint accepts.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new Problem('UNSUPPORTED_MEDIA_TYPE', 'This endpoint does not accept that Content-Type.');
    case 'FST_CSRF_INVALID_TOKEN':
    case 'FST_CSRF_MISSING_SECRET':
      return new Problem('CSRF_INVALID', 'Send the token from GET /api/auth/me in the x-csrf-token header.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new Problem('VALIDATION_FAILED', 'The body is not valid JSON.', {
        errors: [{ field: 'body', message: 'is not valid JSON' }],
      });
    case 'FST_ERR_BAD_URL':
      return new Problem('VALIDATION_FAILED', 'The path is not valid percent-encoding.', {
        errors: [{ field: 'path', message: 'is not valid percent-encoding' }],
      });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new Problem('URI_TOO_LONG', 'A part of the path is longer than this server reads; shorten it.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new Problem('VALIDATION_FAILED', 'The JSON body is empty.', {
        errors: [{ field: 'body', message: 'must not be empty' }],
      });
  }
  const status = error.statusCode ?? 500;
  if (status === 400 && error instanceof SyntaxError) {
    return new Problem('VALIDATION_FAILED', 'The body is not valid JSON.', {
      errors: [{ field: 'body', message: 'is not valid JSON' }],
    });
  }
  if (status >= 400 && status < 500) {
    const code = problemFromStatus(status);
    const detail = code === 'VALIDATION_FAILED' ? error.message : undefined;
    return new Problem(code, detail, { status });
  }
  return new Problem('INTERNAL_ERROR', 'Something went wrong on our side; it has been logged.', {
    status: status >= 500 && status < 600 ? status : 500,
  });
}

/**
 * Fastify's `frameworkErrors` option: errors raised before a route is found (a path that is not
 * valid percent-encoding) bypass the error handler and would get Fastify's own JSON body.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No route, so no area's CORS hook ran: the open surfaces' headers are added here.
  if (isOpenCorsPath(request.url.split('?')[0])) reply.headers(OPEN_CORS_HEADERS);
  return sendProblem(reply, toProblem(error));
}

export function sendProblem(reply: FastifyReply, problem: Problem) {
  // An error is about this request: no cache may answer the next one with it.
  reply.header('cache-control', NO_STORE);
  for (const [name, value] of Object.entries(problem.headers)) reply.header(name, value);
  return reply.code(problem.status).type('application/problem+json').send(problem.toBody());
}

async function errorsPlugin(app: FastifyInstance) {
  app.addSchema(ProblemSchema);

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const problem = toProblem(error);
    // A 503 we chose to send (a dependency is down) is no bug: no stack, and the outage itself is
    // logged once where it is noticed.
    const chosenUnavailable = error instanceof Problem && problem.status === 503;
    if (problem.status >= 500 && !chosenUnavailable) request.log.error({ err: error }, 'request failed');
    else if (chosenUnavailable)
      request.log.warn({ code: problem.code, status: problem.status }, problem.message);
    else request.log.info({ code: problem.code, status: problem.status }, problem.message);
    return sendProblem(reply, problem);
  });
}

export default fp(errorsPlugin, { name: 'errors' });
