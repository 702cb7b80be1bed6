import { CATEGORY_LABELS, type Difficulty, type TriviaCategory, type TriviaEntry } from './dataset-types.js';
import type { Lang } from './lang.js';
import { randomItem, shuffled } from './random.js';

export interface TriviaFilter {
  category?: TriviaCategory;
  difficulty?: Difficulty;
}

export interface TriviaQuestion {
  /** 1-based position in the dataset; the same id is the same question in every language. */
  id: number;
  question: string;
  choices: string[];
  answer: string;
  /** Where the answer sits in `choices` (0-based). */
  answerIndex: number;
  category: TriviaCategory;
  categoryLabel: string;
  difficulty: Difficulty;
  lang: Lang;
}

/** The ids (1-based) of the questions that pass the filter. */
export function matchingIds(entries: readonly TriviaEntry[], filter: TriviaFilter): number[] {
  const ids: number[] = [];
  entries.forEach((entry, i) => {
    if (filter.category && entry.category !== filter.category) return;
    if (filter.difficulty && entry.difficulty !== filter.difficulty) return;
    ids.push(i + 1);
  });
  return ids;
}

/** The question as served: choices in a fresh random order, so the answer's position gives nothing away. */
export function presentTrivia(entry: TriviaEntry, id: number, lang: Lang): TriviaQuestion {
  const choices = shuffled(entry.choices);
  return {
    id,
    question: entry.question,
    choices,
    answer: entry.answer,
    answerIndex: choices.indexOf(entry.answer),
    category: entry.category,
    categoryLabel: CATEGORY_LABELS[entry.category][lang],
    difficulty: entry.difficulty,
    lang,
  };
}

/** A random question passing the filter, or undefined when none does. */
export function randomTrivia(
  entries: readonly TriviaEntry[],
  filter: TriviaFilter,
  lang: Lang,
): TriviaQuestion | undefined {
  const ids = matchingIds(entries, filter);
  if (ids.length === 0) return undefined;
  const id = randomItem(ids);
  return presentTrivia(entries[id - 1], id, lang);
}
