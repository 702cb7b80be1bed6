import type { Lang } from './lang.js';

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const TRIVIA_CATEGORIES = [
  'science',
  'geography',
  'history',
  'nature',
  'food',
  'sports',
  'arts',
  'technology',
  'space',
  'math',
] as const;
export type TriviaCategory = (typeof TRIVIA_CATEGORIES)[number];

/** How each trivia category is called in each language (the query value stays the English key). */
export const CATEGORY_LABELS: Record<TriviaCategory, Record<Lang, string>> = {
  science: { en: 'Science', de: 'Naturwissenschaften' },
  geography: { en: 'Geography', de: 'Geografie' },
  history: { en: 'History', de: 'Geschichte' },
  nature: { en: 'Animals & Nature', de: 'Tiere & Natur' },
  food: { en: 'Food & Drink', de: 'Essen & Trinken' },
  sports: { en: 'Sports & Games', de: 'Sport & Spiele' },
  arts: { en: 'Arts & Literature', de: 'Kunst & Literatur' },
  technology: { en: 'Technology', de: 'Technik' },
  space: { en: 'Space', de: 'Weltraum' },
  math: { en: 'Numbers & Math', de: 'Zahlen & Mathe' },
};

export interface TriviaEntry {
  question: string;
  answer: string;
  /** Four distinct choices, the answer among them. */
  choices: string[];
  category: TriviaCategory;
  difficulty: Difficulty;
}

export const EIGHT_BALL_TYPES = ['positive', 'neutral', 'negative'] as const;
export type EightBallType = (typeof EIGHT_BALL_TYPES)[number];

export interface EightBallAnswer {
  text: string;
  type: EightBallType;
}

export interface AuraEntry {
  color: string;
  /** #rrggbb */
  hex: string;
  description: string;
}

export interface WyrEntry {
  optionA: string;
  optionB: string;
}

/** Everything the fun endpoints serve, for one language. */
export interface FunDataset {
  trivia: TriviaEntry[];
  pickup: string[];
  compliment: string[];
  truth: string[];
  dare: string[];
  wyr: WyrEntry[];
  aura: AuraEntry[];
  eightBall: EightBallAnswer[];
}

export type FunData = Record<Lang, FunDataset>;

/** The least each dataset must hold (trivia more, as a quiz needs variety across filters). */
export const MIN_ENTRIES = 100;
export const MIN_TRIVIA = 300;
