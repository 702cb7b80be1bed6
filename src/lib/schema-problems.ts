import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

const compiled = new WeakMap<TSchema, ReturnType<typeof Compile>>();

/**
 * Whether `value` fits `schema`, through a validator TypeBox compiles once per schema: the data
 * files are checked at every start, and Value.Check's interpreter took some 20 ms for the trivia
 * alone where the compiled check takes under one.
 */
export function fitsSchema(schema: TSchema, value: unknown): boolean {
  let validator = compiled.get(schema);
  if (!validator) {
    validator = Compile(schema);
    compiled.set(schema, validator);
  }
  return validator.Check(value);
}

/** "en/trivia #5 choices": what is checked, then the entry (counted from 1) and the field. */
function place(what: string, instancePath: string): string {
  const steps = instancePath.split('/').slice(1);
  return [what, ...steps.map((step) => (/^\d+$/.test(step) ? `#${Number(step) + 1}` : step))].join(' ');
}

/** What the messages read of a schema: its description, and an object's properties. */
interface SchemaNode {
  description?: string;
  properties?: Record<string, SchemaNode>;
}

/** The schema a JSON pointer such as "#/items/properties/choices" names inside `root`. */
function schemaAt(root: TSchema, pointer: string): SchemaNode {
  let node: unknown = root;
  for (const key of pointer.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    node = (node as Record<string, unknown>)[key];
  }
  return node as SchemaNode;
}

/** The part of `value` an instance path such as "/5/category" points at. */
function valueAt(value: unknown, instancePath: string): unknown {
  return instancePath
    .split('/')
    .slice(1)
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], value);
}

/**
 * What is wrong with `value` by `schema`, one line per place, in the words of the schemas'
 * `description`s: "en/trivia #2 choices must be four non-empty trimmed strings". For data files a
 * person edits, where TypeBox's own messages ("must match pattern …") would say too little.
 */
export function schemaProblems(schema: TSchema, value: unknown, what: string): string[] {
  // The common case, a valid file, in a fraction of the time: listing the errors walks everything
  // (it was about 100 ms of every start-up, for the fun datasets).
  if (fitsSchema(schema, value)) return [];
  const problems = new Set<string>();
  for (const error of Value.Errors(schema, value)) {
    const at = place(what, error.instancePath);
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'additionalProperties') {
      for (const name of params.additionalProperties as string[]) problems.add(`${at}: unknown key ${name}`);
    } else if (error.keyword === 'required') {
      const properties = schemaAt(schema, error.schemaPath).properties ?? {};
      for (const name of params.requiredProperties as string[]) {
        problems.add(
          `${place(what, `${error.instancePath}/${name}`)} must be ${properties[name]?.description}`,
        );
      }
    } else if (error.keyword !== 'boolean') {
      // "boolean" repeats an additionalProperties error for each unknown key.
      const rule = schemaAt(schema, error.schemaPath).description ?? error.message;
      const found =
        error.keyword === 'enum' ? `, not ${JSON.stringify(valueAt(value, error.instancePath))}` : '';
      problems.add(`${at} must be ${rule}${found}`);
    }
  }
  return [...problems];
}
