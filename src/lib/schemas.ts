import { Type } from 'typebox';
import { PROBLEM_CODES } from './problem.js';

/** The RFC 9457 body every error response carries. */
export const ProblemSchema = Type.Object(
  {
    type: Type.String({
      format: 'uri',
      description: 'A URL naming the kind of problem; one per `code`.',
    }),
    title: Type.String({ description: 'A short, fixed summary of the kind of problem.' }),
    status: Type.Integer({ minimum: 400, maximum: 599, description: 'The HTTP status, repeated.' }),
    detail: Type.String({
      description: 'What went wrong with this request, in a sentence a person can act on.',
    }),
    code: Type.Enum([...PROBLEM_CODES], {
      description: 'A stable machine-readable code; decide on this, not on the wording of `detail`.',
    }),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          field: Type.String({
            description: 'The offending input: a query or body field, `body` or `path`.',
          }),
          message: Type.String(),
        }),
        { description: 'With VALIDATION_FAILED (and some CONFLICTs): one entry per offending field.' },
      ),
    ),
  },
  {
    $id: 'Problem',
    additionalProperties: true,
    description:
      'RFC 9457 problem details. Some problems add members: `endpoints` (where the catalog is) with an ' +
      'unknown path or category, `candidates` with an ambiguous name.',
    examples: [
      {
        type: 'https://kizuna.dev/problems/validation-failed',
        title: 'Validation failed',
        status: 400,
        detail: 'amount must be <= 20',
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'amount', message: 'must be <= 20' }],
      },
    ],
  },
);

const problemRef = Type.Ref('Problem');

/** `response` entries for the error statuses a route can answer with. */
export function problemResponses(...statuses: number[]) {
  const out: Record<number, typeof problemRef> = {};
  for (const status of statuses) out[status] = problemRef;
  return out;
}

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

/** A response header as the OpenAPI document declares it (`headers` of a response schema). */
interface HeaderSchema {
  type: 'string' | 'integer';
  description: string;
  format?: string;
  enum?: string[];
  /** Sent with every answer of that status (moved to the header's `required` in the document). */
  'x-required'?: true;
}

const header = (
  type: HeaderSchema['type'],
  description: string,
  extra: Partial<HeaderSchema> = {},
): HeaderSchema => ({ type, description, ...extra });

/**
 * The response headers routes send beyond the ones every answer has (those the OpenAPI plugin
 * adds by itself: RateLimit-*, Cache-Control, a catalog's ETag). A route names the ones it
 * sends: `200: Type.Array(GroupSchema, { headers: responseHeaders('Link') })`.
 */
export const RESPONSE_HEADERS = {
  Link: header(
    'string',
    'The next page, when there is one: `<absolute URL>; rel="next"`. Absent on the last page.',
  ),
  ETag: header(
    'string',
    'A strong entity tag of these bytes; send it as `If-None-Match` to get a 304 while it holds.',
    {
      'x-required': true,
    },
  ),
  'Last-Modified': header('string', 'When the file was stored (HTTP date), for `If-Modified-Since`.'),
  'Accept-Ranges': header('string', 'Byte ranges of this file are served: send `Range: bytes=…`.', {
    enum: ['bytes'],
    'x-required': true,
  }),
  'Content-Range': header('string', 'The part sent: `bytes <first>-<last>/<size>`.', { 'x-required': true }),
  'Content-Location': header(
    'string',
    'The immutable URL of the file that was picked (`/api/v1/files/<sha256>.<ext>`).',
    {
      'x-required': true,
    },
  ),
  'Content-Disposition': header(
    'string',
    'The file name to save the download under: `attachment; filename="…"` (RFC 6266, with `filename*` for non-ASCII names).',
    { 'x-required': true },
  ),
  'X-Avatar-Status': header(
    'string',
    'Which avatar was drawn: `fetched`, `none` (no avatar asked for), or `default; reason=<why>` when the ' +
      'given one could not be fetched or decoded and a stand-in was drawn.',
    { 'x-required': true },
  ),
  'X-Cache': header(
    'string',
    'Where the answer came from: `hit` (our cache), `miss` (asked just now) or `stale` (the anime database is down; an older answer).',
    {
      enum: ['hit', 'miss', 'stale'],
      'x-required': true,
    },
  ),
  Warning: header('string', '`110 - "Response is Stale"` when `X-Cache` is `stale`.'),
  Age: header('integer', 'Seconds since a stale answer was fetched (with `X-Cache: stale`).'),
} satisfies Record<string, HeaderSchema>;

export type ResponseHeaderName = keyof typeof RESPONSE_HEADERS;

/** The `headers` of a response schema, by name from RESPONSE_HEADERS. */
export function responseHeaders(...names: ResponseHeaderName[]): Record<string, HeaderSchema> {
  return Object.fromEntries(names.map((name) => [name, RESPONSE_HEADERS[name]]));
}

/** Like responseHeaders, for headers that only some answers of the status carry; `when` says which. */
export function someResponseHeaders(
  when: string,
  ...names: ResponseHeaderName[]
): Record<string, HeaderSchema> {
  return Object.fromEntries(
    names.map((name) => {
      const { 'x-required': _required, ...rest } = RESPONSE_HEADERS[name] as HeaderSchema;
      return [name, { ...rest, description: `${rest.description} ${when}` }];
    }),
  );
}

/** Bytes of a file in the OpenAPI document: a binary string of the content type it is listed under. */
export const BinarySchema = Type.Unsafe<Buffer | string>({ type: 'string', format: 'binary' });

/** A response of file bytes under each of the given media types (ranges such as `image/*` allowed). */
export function binaryResponse(
  description: string,
  mediaTypes: readonly string[],
  headers: Record<string, HeaderSchema> = {},
) {
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: BinarySchema }])),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
}

/** A 304 answer: no body, the validators of the representation the client holds. */
export const notModifiedResponse = (headers: Record<string, HeaderSchema> = responseHeaders('ETag')) =>
  Type.Unsafe<undefined>({
    description: 'Not modified: the representation named by `If-None-Match` is still current; no body.',
    type: 'null',
    headers,
  });
