import { isOpenCorsPath } from '../lib/http/cors.js';
import { CATALOG_MAX_AGE_SECONDS, type CachePolicy } from './cache-policy.js';

/**
 * What the OpenAPI document says that no single route schema spells out, derived from the route
 * options and the plugins around the routes: who may call an operation (config.auth,
 * config.csrf), the headers every answer of a scope carries (the rate limit, nekos.best's
 * names), how it may be cached (config.cache), errors as application/problem+json, and the
 * shapes a client generator reads best (closed choices as enums, defaults never required).
 */

/** The facts of one route the document is refined with; carried on the operation under FACTS_KEY until then. */
export interface OperationFacts {
  auth: 'none' | 'user' | 'admin' | 'admin-or-operator';
  csrf: boolean;
  cache?: CachePolicy;
  /** Under /api, outside the bot API: the session cookie is read. */
  directory: boolean;
  /** Under the public API's per-network rate limit (/api/v1, /api/v2, /sfw, /many). */
  rateLimited: boolean;
  /** The nekos.best mount, which adds nekos.best's own rate-limit headers. */
  nekosBest: boolean;
}

export const FACTS_KEY = 'x-kizuna-route';

export function operationFacts(
  url: string,
  config: { auth?: OperationFacts['auth']; csrf?: boolean; cache?: CachePolicy } | undefined,
): OperationFacts {
  return {
    auth: config?.auth ?? 'none',
    csrf: config?.csrf ?? false,
    cache: config?.cache,
    directory: /^\/api(?:\/|$)/.test(url) && !isOpenCorsPath(url),
    rateLimited: isOpenCorsPath(url),
    nekosBest: /^\/api\/v2(?:\/|$)/.test(url),
  };
}

/** Names of the security schemes in components.securitySchemes. */
export const SECURITY = {
  session: 'session',
  csrfToken: 'csrfToken',
  csrfCookie: 'csrfCookie',
  operatorToken: 'operatorToken',
} as const;

/**
 * The security requirements of an operation: a session where it needs a login, the CSRF token
 * (and the cookie it is checked against) where it changes state; an operator route takes the
 * operator instead of an admin session; the directory's open reads take a session when there is
 * one (`{}` or the session), the bot API none at all.
 */
export function securityOf(facts: OperationFacts): Array<Record<string, string[]>> {
  const csrf: Record<string, string[]> = facts.csrf
    ? { [SECURITY.csrfToken]: [], [SECURITY.csrfCookie]: [] }
    : {};
  if (facts.auth === 'admin-or-operator')
    return [{ [SECURITY.session]: [], ...csrf }, { [SECURITY.operatorToken]: [] }];
  if (facts.auth !== 'none') return [{ [SECURITY.session]: [], ...csrf }];
  if (facts.csrf) return [csrf];
  if (facts.directory) return [{}, { [SECURITY.session]: [] }];
  return [];
}

/** components.securitySchemes for the given cookie names. */
export function securitySchemes(names: { session: string; csrfCookie: string; csrfHeader: string }) {
  return {
    [SECURITY.session]: {
      type: 'apiKey',
      in: 'cookie',
      name: names.session,
      description:
        'The session cookie that `POST /api/auth/login` sets (HttpOnly, SameSite=Lax). Browsers send it by ' +
        'themselves; other clients keep it in a cookie jar.',
    },
    [SECURITY.csrfToken]: {
      type: 'apiKey',
      in: 'header',
      name: names.csrfHeader,
      description:
        'The `csrfToken` of `GET /api/auth/me`, on every request that changes something. It keeps working ' +
        'across login and logout.',
    },
    [SECURITY.operatorToken]: {
      type: 'http',
      scheme: 'bearer',
      description:
        'The operator, instead of an admin session (no CSRF token): `Authorization: Bearer <OPERATOR_TOKEN>`, ' +
        'or, when OPERATOR_TOKEN is unset, a direct request from this machine (loopback, no forwarding header).',
    },
    [SECURITY.csrfCookie]: {
      type: 'apiKey',
      in: 'cookie',
      name: names.csrfCookie,
      description:
        'The signed cookie `GET /api/auth/me` sets beside the token; the token is checked against it, so it ' +
        'must come along (a browser or cookie jar sends it by itself).',
    },
  };
}

/** Headers that whole scopes send, declared once and referenced. */
const SHARED_HEADERS = {
  'RateLimit-Limit': {
    description: 'Requests your client network (an IPv4 address, an IPv6 /64) may send per minute.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current minute.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the current window ends and the budget is full again.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Scope': {
    description:
      '`local` while the shared counter (Redis) is unreachable and this instance counts on its own; absent otherwise.',
    schema: { type: 'string', enum: ['local'] },
  },
  'Retry-After': {
    description: 'Seconds to wait before asking again.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  'Retry-After-Optional': {
    description: 'Seconds to wait before asking again, when the outage is expected to be short.',
    schema: { type: 'integer', minimum: 1 },
  },
  'x-rate-limit-remaining': {
    description: 'nekos.best’s name for `RateLimit-Remaining`, so that its clients pace themselves.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'x-rate-limit-reset': {
    description: 'nekos.best’s name for the end of the window: the instant it resets (ISO 8601).',
    required: true,
    schema: { type: 'string', format: 'date-time' },
  },
  'Content-Range-Unsatisfied': {
    description: 'The size of the file: `bytes */<size>`.',
    required: true,
    schema: { type: 'string' },
  },
  ETag: {
    description: 'The entity tag of this answer; send it as `If-None-Match` to get a 304 while it holds.',
    required: true,
    schema: { type: 'string' },
  },
};

const headerRef = (name: keyof typeof SHARED_HEADERS) => ({ $ref: `#/components/headers/${name}` });

/** What a Cache-Control policy sends, for the header's description. */
function cacheControlDescription(policy: CachePolicy | undefined): string {
  if (policy === undefined) return 'How caches may keep this answer.';
  if (typeof policy === 'object') {
    return `\`${policy.private ? 'private' : 'public'}, max-age=${policy.maxAge}\`: caches may keep it for ${policy.maxAge} s.`;
  }
  switch (policy) {
    case 'no-store':
      return '`no-store`: a fresh answer every time; no cache may keep it.';
    case 'private':
      return '`private, no-store`: about this session; no cache may keep it.';
    case 'berlin-day':
      return '`public, max-age=<seconds until the next midnight in Europe/Berlin>`: the same answer all Berlin day.';
    case 'catalog':
      return `\`public, max-age=${CATALOG_MAX_AGE_SECONDS}\`, then revalidate with the ETag.`;
    case 'pure':
      return '`public, max-age=86400`: the answer depends on the request alone (`no-store` when it is random because an optional input was left out).';
    case 'immutable':
      return '`public, max-age=31536000, immutable`: the URL changes whenever the bytes would.';
  }
}

/** Descriptions of statuses that their route left undescribed. */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  '101': 'Switching Protocols: the WebSocket is open.',
  '200': 'OK.',
  '201': 'Created.',
  '202': 'Accepted: queued.',
  '204': 'Done; no body.',
  '206': 'Partial content: the requested byte range.',
  '304': 'Not modified: what `If-None-Match` names is still current; no body.',
  '400': 'Invalid input: `errors` names each offending field (VALIDATION_FAILED).',
  '401': 'Not logged in, or the login failed (UNAUTHENTICATED).',
  '403': 'A missing or wrong CSRF token (CSRF_INVALID), or not allowed (FORBIDDEN).',
  '404': 'Nothing here (NOT_FOUND).',
  '409': 'In conflict with the current state (CONFLICT).',
  '412': '`If-Match` names another version (PRECONDITION_FAILED).',
  '413': 'The body is larger than this operation takes (PAYLOAD_TOO_LARGE).',
  '415': 'This operation does not take that Content-Type (UNSUPPORTED_MEDIA_TYPE).',
  '416': 'The `Range` lies outside the file (RANGE_NOT_SATISFIABLE).',
  '426': 'Not a WebSocket upgrade (UPGRADE_REQUIRED).',
  '429': 'Too many requests: wait `Retry-After` seconds (RATE_LIMITED).',
  '502': 'The upstream service answered with an error (UPSTREAM_FAILED).',
  '503':
    'A dependency is unavailable for a moment (SERVICE_UNAVAILABLE, STORAGE_UNAVAILABLE, QUEUE_UNAVAILABLE).',
  '504': 'The upstream service did not answer in time (UPSTREAM_TIMEOUT).',
};

const PROBLEM_REF = '#/components/schemas/Problem';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The one value a choice member allows (`{const: v}` or `{enum: [v]}`), when it is nothing more. */
function singleValue(member: unknown): { value: unknown; type?: unknown } | undefined {
  if (!isObject(member)) return undefined;
  const keys = Object.keys(member).filter((key) => key !== 'type');
  if (keys.length !== 1) return undefined;
  if (keys[0] === 'const') return { value: member.const, type: member.type };
  if (keys[0] === 'enum' && Array.isArray(member.enum) && member.enum.length === 1)
    return { value: member.enum[0], type: member.type };
  return undefined;
}

const typeOfValues = (values: unknown[]): string | undefined => {
  if (values.every((v) => typeof v === 'string')) return 'string';
  if (values.every((v) => Number.isInteger(v))) return 'integer';
  if (values.every((v) => typeof v === 'number')) return 'number';
  if (values.every((v) => typeof v === 'boolean')) return 'boolean';
  return undefined;
};

/**
 * Closed choices as a client generator reads them best: a union of single values becomes one
 * `enum`, and an enum says its type. Applied to every schema in place, nested ones included.
 */
export function normaliseSchema(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) normaliseSchema(item);
    return;
  }
  if (!isObject(schema)) return;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (!Array.isArray(members) || members.length === 0) continue;
    const values = members.map(singleValue);
    if (values.some((v) => v === undefined)) continue;
    const all = values.map((v) => v?.value);
    delete schema[key];
    schema.enum = all;
  }
  if (Array.isArray(schema.enum) && schema.type === undefined) {
    const type = typeOfValues(schema.enum);
    if (type) schema.type = type;
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'enum' || key === 'const' || key === 'examples' || key === 'example' || key === 'default')
      continue;
    if (key === 'properties' || key === 'patternProperties' || key === '$defs') {
      if (isObject(value)) for (const child of Object.values(value)) normaliseSchema(child);
    } else if (isObject(value) || Array.isArray(value)) normaliseSchema(value);
  }
}

/** A property with a default need not be sent: it leaves `required`. */
function unrequireDefaults(schema: unknown): void {
  if (!isObject(schema) || !Array.isArray(schema.required) || !isObject(schema.properties)) return;
  const properties = schema.properties;
  schema.required = schema.required.filter(
    (name) => !(isObject(properties[name as string]) && 'default' in (properties[name as string] as Json)),
  );
  if ((schema.required as unknown[]).length === 0) delete schema.required;
}

/** Route-declared headers (lib/schemas.ts RESPONSE_HEADERS): `x-required` becomes the header's `required`. */
function finishDeclaredHeaders(headers: unknown): void {
  if (!isObject(headers)) return;
  for (const value of Object.values(headers)) {
    if (!isObject(value) || !isObject(value.schema)) continue;
    if (value.schema['x-required'] === true) value.required = true;
    delete value.schema['x-required'];
  }
}

function refineResponses(
  responses: Json,
  facts: OperationFacts | undefined,
  problemDescription: unknown,
): void {
  if (facts?.cache === 'catalog' && !responses['304']) {
    responses['304'] = { description: STATUS_DESCRIPTIONS['304'] };
  }
  // Every operation under the rate limit can be refused by it, whether its route says so or not.
  if (facts?.rateLimited && !responses['429']) {
    responses['429'] = { content: { 'application/json': { schema: { $ref: PROBLEM_REF } } } };
  }
  for (const [status, response] of Object.entries(responses)) {
    if (!isObject(response)) continue;
    const code = Number(status);
    // Left undescribed, a problem response borrows the Problem schema's own description.
    if (
      response.description === 'Default Response' ||
      response.description === undefined ||
      (code >= 400 && response.description === problemDescription)
    ) {
      response.description = STATUS_DESCRIPTIONS[status] ?? 'The answer.';
    }
    const content = isObject(response.content) ? response.content : undefined;
    const json = content && isObject(content['application/json']) ? content['application/json'] : undefined;
    if (code >= 400 && json && isObject(json.schema) && json.schema.$ref === PROBLEM_REF) {
      response.content = { 'application/problem+json': { schema: { $ref: PROBLEM_REF } } };
    }
    if (isObject(response.content)) {
      for (const media of Object.values(response.content)) if (isObject(media)) normaliseSchema(media.schema);
    }
    finishDeclaredHeaders(response.headers);
    if (!facts || code < 200) continue;
    const headers: Json = isObject(response.headers) ? response.headers : {};
    if (facts.rateLimited) {
      headers['RateLimit-Limit'] = headerRef('RateLimit-Limit');
      headers['RateLimit-Remaining'] = headerRef('RateLimit-Remaining');
      headers['RateLimit-Reset'] = headerRef('RateLimit-Reset');
      headers['X-RateLimit-Scope'] = headerRef('X-RateLimit-Scope');
    }
    if (facts.nekosBest) {
      headers['x-rate-limit-remaining'] = headerRef('x-rate-limit-remaining');
      headers['x-rate-limit-reset'] = headerRef('x-rate-limit-reset');
    }
    if (code === 429) headers['Retry-After'] = headerRef('Retry-After');
    if (code === 416) headers['Content-Range'] = headerRef('Content-Range-Unsatisfied');
    if (code === 503 && response.content && 'application/problem+json' in (response.content as Json)) {
      headers['Retry-After'] = headerRef('Retry-After-Optional');
    }
    if ((code < 300 || code === 304) && !headers['Cache-Control']) {
      headers['Cache-Control'] = {
        description: cacheControlDescription(facts.cache),
        required: true,
        schema: { type: 'string' },
      };
    }
    if (facts.cache === 'catalog' && (code === 200 || code === 304)) headers.ETag = headerRef('ETag');
    if (Object.keys(headers).length > 0) response.headers = headers;
  }
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Refines the document @fastify/swagger generated, in place (its `transformObject`). */
export function refineDocument<T extends Json>(document: T): T {
  const components = (isObject(document.components) ? document.components : {}) as Json;
  (document as Json).components = components;
  components.headers = { ...(isObject(components.headers) ? components.headers : {}), ...SHARED_HEADERS };
  const schemas = isObject(components.schemas) ? components.schemas : {};
  for (const schema of Object.values(schemas)) normaliseSchema(schema);
  const problemDescription = isObject(schemas.Problem) ? schemas.Problem.description : undefined;

  for (const item of Object.values(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const facts = operation[FACTS_KEY] as OperationFacts | undefined;
      delete operation[FACTS_KEY];
      for (const parameter of Array.isArray(operation.parameters) ? operation.parameters : []) {
        if (!isObject(parameter)) continue;
        normaliseSchema(parameter.schema);
        if (parameter.in !== 'path' && isObject(parameter.schema) && 'default' in parameter.schema)
          parameter.required = false;
      }
      const body = operation.requestBody;
      if (isObject(body) && isObject(body.content)) {
        for (const media of Object.values(body.content)) {
          if (!isObject(media)) continue;
          normaliseSchema(media.schema);
          unrequireDefaults(media.schema);
        }
      }
      if (isObject(operation.responses)) refineResponses(operation.responses, facts, problemDescription);
    }
  }
  return document;
}
