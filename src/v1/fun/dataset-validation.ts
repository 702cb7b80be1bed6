import { Type } from 'typebox';
import { fitsSchema, schemaProblems } from '../../lib/schema-problems.js';
import {
  AuraEntrySchema,
  DataText,
  DIFFICULTIES,
  EIGHT_BALL_TYPES,
  type EightBallAnswer,
  type FunDataset,
  MIN_ENTRIES,
  MIN_TRIVIA,
  TRIVIA_CATEGORIES,
  type TriviaEntry,
  TriviaEntrySchema,
  type WyrEntry,
  WyrEntrySchema,
} from './dataset-types.js';

/**
 * Checks of the hand-written datasets. They run at start-up (a broken file stops the service
 * instead of serving a broken quiz) and in the unit tests. Each returns the problems it found:
 * the shape as TypeBox sees it against the schemas of dataset-types.ts, then what a schema cannot
 * say (enough entries, no near-duplicates, the answer among distinct choices, every trivia filter
 * answerable).
 */

const TextList = Type.Array(DataText, { description: 'an array of non-empty trimmed strings' });
const TriviaList = Type.Array(TriviaEntrySchema, { description: 'an array of trivia questions' });
const WyrList = Type.Array(WyrEntrySchema, { description: 'an array of would-you-rather pairs' });
const AuraList = Type.Array(AuraEntrySchema, { description: 'an array of auras' });
const MoodList = Type.Array(DataText, {
  minItems: 1,
  description: 'a non-empty array of non-empty trimmed strings',
});
const EightBallGroups = Type.Object(Object.fromEntries(EIGHT_BALL_TYPES.map((type) => [type, MoodList])), {
  additionalProperties: false,
  description: 'an object with positive, neutral and negative lists',
});

/** Folds case, spacing and punctuation at the ends, so near-identical entries count as duplicates. */
export function dedupeKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s"'„“”.,!?…-]+|[\s"'„“”.,!?…-]+$/g, '');
}

function duplicates(texts: string[], what: string): string[] {
  const seen = new Map<string, number>();
  const out: string[] = [];
  texts.forEach((text, i) => {
    const key = dedupeKey(text);
    const first = seen.get(key);
    if (first !== undefined) out.push(`${what} #${i + 1} repeats #${first + 1}: "${text}"`);
    else seen.set(key, i);
  });
  return out;
}

function atLeast(list: unknown[], min: number, what: string): string[] {
  return list.length >= min ? [] : [`${what} has ${list.length} entries, needs at least ${min}`];
}

export function validateTextList(value: unknown, what: string): string[] {
  const shape = schemaProblems(TextList, value, what);
  if (!Array.isArray(value)) return shape;
  const texts = value.filter((entry): entry is string => fitsSchema(DataText, entry));
  return [...atLeast(value, MIN_ENTRIES, what), ...shape, ...duplicates(texts, what)];
}

export function validateTrivia(value: unknown, what = 'trivia'): string[] {
  if (!Array.isArray(value)) return schemaProblems(TriviaList, value, what);
  const errors = [...atLeast(value, MIN_TRIVIA, what), ...schemaProblems(TriviaList, value, what)];
  const combos = new Set<string>();
  value.forEach((entry: TriviaEntry, i) => {
    if (!fitsSchema(TriviaEntrySchema, entry)) return;
    if (new Set(entry.choices.map(dedupeKey)).size !== 4)
      errors.push(`${what} #${i + 1}: choices must be distinct`);
    if (!entry.choices.includes(entry.answer))
      errors.push(`${what} #${i + 1}: the answer is not among the choices`);
    combos.add(`${entry.category}/${entry.difficulty}`);
  });
  for (const category of TRIVIA_CATEGORIES) {
    for (const difficulty of DIFFICULTIES) {
      if (!combos.has(`${category}/${difficulty}`))
        errors.push(`${what}: no ${difficulty} question in ${category}`);
    }
  }
  if (errors.length > 0) return errors;
  return duplicates(
    (value as TriviaEntry[]).map((e) => e.question),
    `${what} question`,
  );
}

export function validateWyr(value: unknown, what = 'wyr'): string[] {
  if (!Array.isArray(value)) return schemaProblems(WyrList, value, what);
  const errors = [...atLeast(value, MIN_ENTRIES, what), ...schemaProblems(WyrList, value, what)];
  value.forEach((entry: WyrEntry, i) => {
    if (fitsSchema(WyrEntrySchema, entry) && dedupeKey(entry.optionA) === dedupeKey(entry.optionB)) {
      errors.push(`${what} #${i + 1}: both options are the same`);
    }
  });
  if (errors.length > 0) return errors;
  const pairs = (value as WyrEntry[]).map((e) => [e.optionA, e.optionB].map(dedupeKey).sort().join(' | '));
  return duplicates(pairs, `${what} pair`);
}

export function validateAura(value: unknown, what = 'aura'): string[] {
  if (!Array.isArray(value)) return schemaProblems(AuraList, value, what);
  const errors = [...atLeast(value, MIN_ENTRIES, what), ...schemaProblems(AuraList, value, what)];
  if (errors.length > 0) return errors;
  return [
    ...duplicates(
      value.map((e) => e.color),
      `${what} color`,
    ),
    ...duplicates(
      value.map((e) => e.description),
      `${what} description`,
    ),
  ];
}

/** The 8-ball file groups its answers by mood: {positive: [...], neutral: [...], negative: [...]}. */
export function validateEightBall(value: unknown, what = '8ball'): string[] {
  const errors = schemaProblems(EightBallGroups, value, what);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return errors;
  const groups = value as Record<string, unknown>;
  const all = EIGHT_BALL_TYPES.flatMap((type) => {
    const list = groups[type];
    return Array.isArray(list) ? list.filter((entry): entry is string => fitsSchema(DataText, entry)) : [];
  });
  errors.push(...atLeast(all, MIN_ENTRIES, what));
  if (errors.length > 0) return errors;
  return duplicates(all, what);
}

export function flattenEightBall(groups: Record<string, string[]>): EightBallAnswer[] {
  return EIGHT_BALL_TYPES.flatMap((type) => groups[type].map((text) => ({ text, type })));
}

/**
 * Trivia and auras are translations of each other: the same question id is the same question,
 * and a name's aura of the day has the same colour whatever the language.
 */
export function validateParallel(base: FunDataset, other: FunDataset, otherName: string): string[] {
  const errors: string[] = [];
  if (base.trivia.length !== other.trivia.length) {
    errors.push(`${otherName} trivia has ${other.trivia.length} questions, en has ${base.trivia.length}`);
  } else {
    base.trivia.forEach((entry, i) => {
      const twin = other.trivia[i];
      if (twin.category !== entry.category || twin.difficulty !== entry.difficulty) {
        errors.push(`${otherName} trivia #${i + 1} differs in category or difficulty from en`);
      }
    });
  }
  if (base.aura.length !== other.aura.length) {
    errors.push(`${otherName} aura has ${other.aura.length} entries, en has ${base.aura.length}`);
  } else {
    base.aura.forEach((entry, i) => {
      if (other.aura[i].hex !== entry.hex) errors.push(`${otherName} aura #${i + 1} has another hex than en`);
    });
  }
  return errors;
}
