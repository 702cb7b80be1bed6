import { type Static, Type } from 'typebox';
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

/** Non-empty and trimmed: what every text in the data files must be. */
export const DataText = Type.String({
  minLength: 1,
  pattern: '^\\S(?:[\\s\\S]*\\S)?$',
  description: 'a non-empty trimmed string',
});

export const TriviaEntrySchema = Type.Object(
  {
    question: DataText,
    answer: DataText,
    /** Four distinct choices, the answer among them (the shape checks the count; the rest is checked after). */
    choices: Type.Array(DataText, {
      minItems: 4,
      maxItems: 4,
      description: 'four non-empty trimmed strings',
    }),
    category: Type.Enum([...TRIVIA_CATEGORIES], { description: `one of ${TRIVIA_CATEGORIES.join(', ')}` }),
    difficulty: Type.Enum([...DIFFICULTIES], { description: `one of ${DIFFICULTIES.join(', ')}` }),
  },
  { description: 'an object with question, answer, choices, category and difficulty' },
);
export type TriviaEntry = Static<typeof TriviaEntrySchema>;

export const EIGHT_BALL_TYPES = ['positive', 'neutral', 'negative'] as const;
export type EightBallType = (typeof EIGHT_BALL_TYPES)[number];

export interface EightBallAnswer {
  text: string;
  type: EightBallType;
}

export const AuraEntrySchema = Type.Object(
  {
    color: DataText,
    hex: Type.String({ pattern: '^#[0-9a-f]{6}$', description: '#rrggbb' }),
    description: DataText,
  },
  { description: 'an object with color, hex and description' },
);
export type AuraEntry = Static<typeof AuraEntrySchema>;

export const WyrEntrySchema = Type.Object(
  { optionA: DataText, optionB: DataText },
  { description: 'an object with optionA and optionB' },
);
export type WyrEntry = Static<typeof WyrEntrySchema>;

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
