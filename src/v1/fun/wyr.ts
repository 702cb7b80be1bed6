import type { WyrEntry } from './dataset-types.js';
import type { Lang } from './lang.js';

const PROMPT: Record<Lang, { start: string; or: string }> = {
  en: { start: 'Would you rather', or: 'or' },
  de: { start: 'Würdest du lieber', or: 'oder' },
};

/** The options are written as bare infinitive phrases, so both languages read as one natural question. */
export function wyrQuestion(entry: WyrEntry, lang: Lang): string {
  const { start, or } = PROMPT[lang];
  return `${start} ${entry.optionA} ${or} ${entry.optionB}?`;
}
