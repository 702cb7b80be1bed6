/**
 * RFC 9457 problem details. Every error the service sends is one of these; throw a `Problem`
 * from anywhere and the error plugin turns it into an `application/problem+json` response.
 */
export interface FieldError {
  field: string;
  message: string;
}

export type ProblemCode =
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'CSRF_INVALID'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'REQUEST_TIMEOUT'
  | 'RANGE_NOT_SATISFIABLE'
  | 'UPGRADE_REQUIRED'
  | 'URI_TOO_LONG'
  | 'HEADERS_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR'
  | 'UPSTREAM_FAILED'
  | 'UPSTREAM_TIMEOUT'
  | 'SERVICE_UNAVAILABLE'
  | 'STORAGE_UNAVAILABLE'
  | 'QUEUE_UNAVAILABLE';

const TITLES: Record<ProblemCode, [number, string]> = {
  VALIDATION_FAILED: [400, 'Validation failed'],
  UNAUTHENTICATED: [401, 'Authentication required'],
  CSRF_INVALID: [403, 'Missing or invalid CSRF token'],
  FORBIDDEN: [403, 'Forbidden'],
  NOT_FOUND: [404, 'Not found'],
  METHOD_NOT_ALLOWED: [405, 'Method not allowed'],
  CONFLICT: [409, 'Conflict'],
  PRECONDITION_FAILED: [412, 'Precondition failed'],
  PAYLOAD_TOO_LARGE: [413, 'Payload too large'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'Unsupported media type'],
  REQUEST_TIMEOUT: [408, 'Request timeout'],
  RANGE_NOT_SATISFIABLE: [416, 'Range not satisfiable'],
  UPGRADE_REQUIRED: [426, 'Upgrade required'],
  URI_TOO_LONG: [414, 'URI too long'],
  HEADERS_TOO_LARGE: [431, 'Request header fields too large'],
  RATE_LIMITED: [429, 'Too many requests'],
  INTERNAL_ERROR: [500, 'Internal server error'],
  UPSTREAM_FAILED: [502, 'Upstream service failed'],
  UPSTREAM_TIMEOUT: [504, 'Upstream service timed out'],
  SERVICE_UNAVAILABLE: [503, 'Service unavailable'],
  STORAGE_UNAVAILABLE: [503, 'File storage unavailable'],
  QUEUE_UNAVAILABLE: [503, 'Queue unavailable'],
};

/** Every code a problem may carry, for the OpenAPI document's closed list. */
export const PROBLEM_CODES = Object.keys(TITLES) as ProblemCode[];

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  errors?: FieldError[];
  [extra: string]: unknown;
}

export class Problem extends Error {
  readonly status: number;
  readonly code: ProblemCode;
  readonly title: string;
  readonly errors?: FieldError[];
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string>;
  /** Extra members of the problem body (RFC 9457 extension members). */
  readonly extensions: Record<string, unknown>;

  constructor(
    code: ProblemCode,
    detail?: string,
    options: {
      errors?: FieldError[];
      headers?: Record<string, string>;
      extensions?: Record<string, unknown>;
      status?: number;
    } = {},
  ) {
    const [status, title] = TITLES[code];
    super(detail ?? title);
    this.name = 'Problem';
    this.code = code;
    this.status = options.status ?? status;
    this.title = title;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
    this.extensions = options.extensions ?? {};
  }

  toBody(): ProblemBody {
    const body: ProblemBody = {
      ...this.extensions,
      type: problemType(this.code),
      title: this.title,
      status: this.status,
      detail: this.message,
      code: this.code,
    };
    if (this.errors) body.errors = this.errors;
    return body;
  }
}

export function problemType(code: ProblemCode): string {
  return `https://kizuna.dev/problems/${code.toLowerCase().replaceAll('_', '-')}`;
}

/**
 * The code of an error that carries only a status (a plugin's or Node's own). Spelled out, not
 * looked up in TITLES: several codes share a status, and a bare 403 (a static file refused) is
 * FORBIDDEN, never CSRF_INVALID, which only the CSRF check may say.
 */
const CODE_OF_STATUS: Partial<Record<number, ProblemCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  502: 'UPSTREAM_FAILED',
  503: 'SERVICE_UNAVAILABLE',
  504: 'UPSTREAM_TIMEOUT',
};

export function problemFromStatus(status: number): ProblemCode {
  return CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_FAILED');
}

/** Shorthands, so that call sites read as the refusal they make. */
export const badRequest = (field: string, message: string) =>
  new Problem('VALIDATION_FAILED', `${field}: ${message}`, { errors: [{ field, message }] });
export const invalidFields = (errors: FieldError[]) =>
  new Problem('VALIDATION_FAILED', errors.map((e) => `${e.field}: ${e.message}`).join('; '), { errors });
export const unauthenticated = (detail = 'Log in first.') => new Problem('UNAUTHENTICATED', detail);
export const forbidden = (detail = 'You may not do this.') => new Problem('FORBIDDEN', detail);
export const notFound = (detail = 'Nothing here.') => new Problem('NOT_FOUND', detail);
export const conflict = (detail: string, field?: string) =>
  new Problem('CONFLICT', detail, field ? { errors: [{ field, message: detail }] } : {});
export const payloadTooLarge = (detail: string) => new Problem('PAYLOAD_TOO_LARGE', detail);
export const unsupportedMediaType = (detail: string) => new Problem('UNSUPPORTED_MEDIA_TYPE', detail);
export const rateLimited = (retryAfterSeconds: number, detail = 'Slow down and try again later.') =>
  new Problem('RATE_LIMITED', detail, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
/** The shared download queue (Redis) cannot be reached; it reconnects by itself within seconds. */
export const queueUnavailable = (
  detail = 'The download queue cannot be reached right now; try again in a few seconds.',
) => new Problem('QUEUE_UNAVAILABLE', detail, { headers: { 'retry-after': '5' } });
export const upstreamFailed = (detail: string) => new Problem('UPSTREAM_FAILED', detail);
export const upstreamTimeout = (detail: string) => new Problem('UPSTREAM_TIMEOUT', detail);
