import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/** The parts of an OpenAPI 3.1 document the tests read. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; description?: string };
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    headers?: Record<string, Header>;
    securitySchemes?: Record<string, { type: string; in?: string; name?: string }>;
  };
}

export type Schema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
  example?: unknown;
}

export interface Header {
  $ref?: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

export interface Media {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}

export interface Response {
  description: string;
  content?: Record<string, Media>;
  headers?: Record<string, Header>;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, Media> };
  responses: Record<string, Response>;
  security?: Array<Record<string, string[]>>;
}

export interface DocumentedOperation {
  method: string;
  path: string;
  operation: Operation;
}

export async function fetchDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const res = await app.inject({ url: '/api/v1/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json answered ${res.statusCode}`);
  return res.json() as OpenApiDocument;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export function operationsOf(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

const DOCUMENT_ID = 'https://kizuna.test/openapi.json';

/** A copy of the schema whose local references point into the document registered with Ajv. */
function anchored(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchored);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? `${DOCUMENT_ID}${value}`
        : anchored(value);
  }
  return out;
}

/**
 * Validates values against the document's own schemas (JSON Schema 2020-12, as OpenAPI 3.1 has
 * them), `$ref`s into components included; compiled once per schema.
 */
export class DocumentValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new WeakMap<object, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    // Not strict: OpenAPI adds keywords (example) and formats (binary) that JSON Schema does not know.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
  }

  /** The errors of `value` against `schema`, or [] when it is valid. */
  errors(schema: Schema, value: unknown): ErrorObject[] {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(anchored(schema) as Schema);
      this.compiled.set(schema, validate);
    }
    return validate(value) ? [] : [...(validate.errors ?? [])];
  }

  /** A header object with its `$ref` into components.headers followed. */
  header(header: Header): Header {
    if (!header.$ref) return header;
    const name = header.$ref.replace('#/components/headers/', '');
    const found = this.document.components.headers?.[name];
    if (!found) throw new Error(`no header ${header.$ref}`);
    return found;
  }
}

/** The media type of a Content-Type header, lower-case, without parameters. */
export const mediaTypeOf = (contentType: unknown): string =>
  String(contentType ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();

/** The declared media type a sent one falls under (exact, then `type/*`, then `*\/*`). */
export function declaredMediaType(content: Record<string, Media>, sent: string): string | undefined {
  if (sent in content) return sent;
  const range = `${sent.split('/')[0]}/*`;
  if (range in content) return range;
  return '*/*' in content ? '*/*' : undefined;
}
