import type { FastifyRequest } from 'fastify';

/**
 * A preValidation hook for closed choices that take any letter case ("Pyro", " ROCK "): the named
 * query fields are trimmed and lower-cased before the schema checks them against its `enum`, so
 * the document can list the choices exactly and a refusal names them.
 */
export function anyCaseQuery(...fields: string[]) {
  return async function lowerCaseChoices(request: FastifyRequest): Promise<void> {
    const query = request.query as Record<string, unknown>;
    for (const field of fields) {
      const value = query[field];
      if (typeof value === 'string') query[field] = value.trim().toLowerCase();
    }
  };
}
