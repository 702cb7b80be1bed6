import {
  type AuraEntry,
  DIFFICULTIES,
  EIGHT_BALL_TYPES,
  type EightBallAnswer,
  type FunDataset,
  MIN_ENTRIES,
  MIN_TRIVIA,
  TRIVIA_CATEGORIES,
  type TriviaEntry,
  type WyrEntry,
} from './dataset-types.js';

/**
 * Checks of the hand-written datasets. They run at start-up (a broken file stops the service
 * instead of serving a broken quiz) and in the unit tests. Each returns the problems it found.
 */

/** Folds case, spacing and punctuation at the ends, so near-identical entries count as duplicates. */
export function dedupeKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s"'„“”.,!?…-]+|[\s"'„“”.,!?…-]+$/g, '');
}

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value === value.trim();

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
  if (!Array.isArray(value)) return [`${what} must be an array of strings`];
  const errors = atLeast(value, MIN_ENTRIES, what);
  value.forEach((entry, i) => {
    if (!isText(entry)) errors.push(`${what} #${i + 1} must be a non-empty trimmed string`);
  });
  return [...errors, ...duplicates(value.filter(isText), what)];
}

export function validateTrivia(value: unknown, what = 'trivia'): string[] {
  if (!Array.isArray(value)) return [`${what} must be an array`];
  const errors = atLeast(value, MIN_TRIVIA, what);
  const combos = new Set<string>();
  value.forEach((raw, i) => {
    const at = `${what} #${i + 1}`;
    const entry = raw as Partial<TriviaEntry>;
    if (!isText(entry?.question)) errors.push(`${at}: question must be a non-empty trimmed string`);
    if (!isText(entry?.answer)) errors.push(`${at}: answer must be a non-empty trimmed string`);
    if (!TRIVIA_CATEGORIES.includes(entry?.category as never))
      errors.push(`${at}: unknown category ${entry?.category}`);
    if (!DIFFICULTIES.includes(entry?.difficulty as never))
      errors.push(`${at}: unknown difficulty ${entry?.difficulty}`);
    const choices = entry?.choices;
    if (!Array.isArray(choices) || choices.length !== 4 || !choices.every(isText)) {
      errors.push(`${at}: choices must be 4 non-empty trimmed strings`);
    } else {
      if (new Set(choices.map(dedupeKey)).size !== 4) errors.push(`${at}: choices must be distinct`);
      if (!choices.includes(entry.answer as string))
        errors.push(`${at}: the answer is not among the choices`);
    }
    combos.add(`${entry?.category}/${entry?.difficulty}`);
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
  if (!Array.isArray(value)) return [`${what} must be an array`];
  const errors = atLeast(value, MIN_ENTRIES, what);
  value.forEach((raw, i) => {
    const entry = raw as Partial<WyrEntry>;
    if (!isText(entry?.optionA) || !isText(entry?.optionB)) {
      errors.push(`${what} #${i + 1}: optionA and optionB must be non-empty trimmed strings`);
    } else if (dedupeKey(entry.optionA) === dedupeKey(entry.optionB)) {
      errors.push(`${what} #${i + 1}: both options are the same`);
    }
  });
  if (errors.length > 0) return errors;
  const entries = value as WyrEntry[];
  return [
    ...duplicates(
      entries.map((e) => [e.optionA, e.optionB].map(dedupeKey).sort().join(' | ')),
      `${what} pair`,
    ),
  ];
}

const HEX = /^#[0-9a-f]{6}$/;

export function validateAura(value: unknown, what = 'aura'): string[] {
  if (!Array.isArray(value)) return [`${what} must be an array`];
  const errors = atLeast(value, MIN_ENTRIES, what);
  value.forEach((raw, i) => {
    const entry = raw as Partial<AuraEntry>;
    if (!isText(entry?.color) || !isText(entry?.description)) {
      errors.push(`${what} #${i + 1}: color and description must be non-empty trimmed strings`);
    }
    if (typeof entry?.hex !== 'string' || !HEX.test(entry.hex))
      errors.push(`${what} #${i + 1}: hex must be #rrggbb`);
  });
  if (errors.length > 0) return errors;
  const entries = value as AuraEntry[];
  return [
    ...duplicates(
      entries.map((e) => e.color),
      `${what} color`,
    ),
    ...duplicates(
      entries.map((e) => e.description),
      `${what} description`,
    ),
  ];
}

/** The 8-ball file groups its answers by mood: {positive: [...], neutral: [...], negative: [...]}. */
export function validateEightBall(value: unknown, what = '8ball'): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [`${what} must be an object with positive, neutral and negative lists`];
  }
  const groups = value as Record<string, unknown>;
  const errors: string[] = [];
  for (const key of Object.keys(groups)) {
    if (!EIGHT_BALL_TYPES.includes(key as never)) errors.push(`${what}: unknown group ${key}`);
  }
  const all: string[] = [];
  for (const type of EIGHT_BALL_TYPES) {
    const list = groups[type];
    if (!Array.isArray(list) || list.length === 0) {
      errors.push(`${what}: ${type} must be a non-empty array`);
      continue;
    }
    list.forEach((entry, i) => {
      if (!isText(entry)) errors.push(`${what} ${type} #${i + 1} must be a non-empty trimmed string`);
      else all.push(entry);
    });
  }
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
