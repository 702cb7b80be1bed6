import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's own schema compilers (Ajv for requests, fast-json-stringify for responses), each
 * route's compiled on the first request that needs it instead of all of them at start-up. The
 * service declares some 90 routes with schemas for every part and status; compiling them all
 * took about half of start-up and left tens of MB of generated code and garbage, while a
 * deployment's traffic uses a handful. What a route compiles and how it validates are unchanged;
 * a schema that cannot compile fails its first request (a 500, and the tests call every route)
 * rather than start-up.
 */

// Fastify's defaults, from Fastify's own dependencies, so the versions are the ones it ships with.
const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
// Fastify's types for these are unions over Ajv and JTD; the shapes we rely on are these.
interface RouteSchema {
  schema: unknown;
  httpPart?: string;
  [key: string]: unknown;
}
type ValidatorCompiler = (route: RouteSchema) => unknown;
type SerializerCompiler = (route: RouteSchema) => unknown;
type BuildValidator = (externalSchemas: unknown, options: unknown) => ValidatorCompiler;
type BuildSerializer = (externalSchemas: unknown, options: unknown) => SerializerCompiler;

interface AjvLike {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
  schemaEnv?: unknown;
}

/**
 * Header names are case-insensitive: Fastify lower-cases a headers schema's property names before
 * it compiles it, except for a custom compiler (which this is), so we do it here as it would.
 */
function lowerCaseHeaders(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Object.getPrototypeOf(schema) !== Object.prototype)
    return schema;
  const copy = { ...(schema as Record<string, unknown>) };
  if (copy.properties && typeof copy.properties === 'object') {
    copy.properties = Object.fromEntries(
      Object.entries(copy.properties as Record<string, unknown>).map(([key, value]) => [
        key.toLowerCase(),
        value,
      ]),
    );
  }
  if (Array.isArray(copy.required)) copy.required = copy.required.map((key: string) => key.toLowerCase());
  return copy;
}

function lazyValidator(compile: ValidatorCompiler, route: RouteSchema): AjvLike {
  let compiled: AjvLike | undefined;
  const real = () => {
    compiled ??= compile(route) as AjvLike;
    return compiled;
  };
  const validate = ((data: unknown, context?: unknown) => real()(data, context)) as AjvLike;
  // Fastify hands Ajv the parent object (so Ajv may coerce or default a root value) when the
  // function has schemaEnv, and reads `errors` after a failure: both forward to the compiled one.
  Object.defineProperty(validate, 'schemaEnv', { get: () => real().schemaEnv ?? true });
  Object.defineProperty(validate, 'errors', { get: () => real().errors });
  return validate;
}

export function lazySchemaCompilers(): FastifyServerOptions['schemaController'] {
  const ajvCompilers = fastifyRequire('@fastify/ajv-compiler')() as BuildValidator;
  const serializerCompilers = fastifyRequire('@fastify/fast-json-stringify-compiler')() as BuildSerializer;
  // The Ajv instance itself (its formats and keywords) is built with the first compile too.
  const buildValidator: BuildValidator = (externalSchemas, options) => {
    let ajv: ValidatorCompiler | undefined;
    const compile: ValidatorCompiler = (route) => {
      ajv ??= ajvCompilers(externalSchemas, options);
      return ajv(route);
    };
    return (route) =>
      lazyValidator(
        compile,
        route.httpPart === 'headers' ? { ...route, schema: lowerCaseHeaders(route.schema) } : route,
      );
  };
  const buildSerializer: BuildSerializer = (externalSchemas, options) => {
    let serializer: SerializerCompiler | undefined;
    const compile: SerializerCompiler = (route) => {
      serializer ??= serializerCompilers(externalSchemas, options);
      return serializer(route);
    };
    return (route) => {
      let stringify: ((data: unknown) => string) | undefined;
      return (data: unknown) => {
        stringify ??= compile(route) as (data: unknown) => string;
        return stringify(data);
      };
    };
  };
  return {
    compilersFactory: { buildValidator, buildSerializer },
  } as FastifyServerOptions['schemaController'];
}
