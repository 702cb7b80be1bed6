import type { Compilable, CompiledQuery, Kysely } from 'kysely';

// A string no caller can send: it marks where a named parameter sits in the compiled query.
const SLOT_PREFIX = '\u0000kizuna-slot:';

export type Slot = <Value>(name: string) => Value;

/**
 * A query that is built and compiled once per database and then run with new parameter values.
 * Kysely builds and compiles a query on every call, which costs more than the small indexed
 * lookup itself on a path every request takes (measured with `npm run bench`, auth area).
 * The builder marks each varying value with `slot(name)`; the compiled SQL is dialect-specific,
 * hence one template per database. Our own because Kysely offers no prepared-query API.
 * The template's queryId is reused: it only keys Kysely plugins' results, and we install none.
 */
export function compileOnce<DB, Params extends Record<string, unknown>, Row>(
  build: (db: Kysely<DB>, slot: Slot) => Compilable<Row>,
): (db: Kysely<DB>, params: Params) => CompiledQuery<Row> {
  const templates = new WeakMap<Kysely<DB>, CompiledQuery<Row>>();
  const slot: Slot = <Value>(name: string) => `${SLOT_PREFIX}${name}` as Value;
  return (db, params) => {
    let template = templates.get(db);
    if (!template) {
      template = build(db, slot).compile();
      for (const parameter of template.parameters) {
        if (isSlot(parameter) && !(slotName(parameter) in params))
          throw new Error(`compileOnce: no value for slot ${slotName(parameter)}`);
      }
      templates.set(db, template);
    }
    return {
      ...template,
      parameters: template.parameters.map((parameter) =>
        isSlot(parameter) ? params[slotName(parameter)] : parameter,
      ),
    };
  };
}

const isSlot = (parameter: unknown): parameter is string =>
  typeof parameter === 'string' && parameter.startsWith(SLOT_PREFIX);

const slotName = (parameter: string) => parameter.slice(SLOT_PREFIX.length);
