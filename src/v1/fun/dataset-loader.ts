import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FunData, FunDataset } from './dataset-types.js';
import {
  flattenEightBall,
  validateAura,
  validateEightBall,
  validateParallel,
  validateTextList,
  validateTrivia,
  validateWyr,
} from './dataset-validation.js';
import { LANGS, type Lang } from './lang.js';

export const DATA_DIR = fileURLToPath(new URL('./data/', import.meta.url));

export class DatasetError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid fun datasets:\n  ${problems.slice(0, 20).join('\n  ')}`);
    this.name = 'DatasetError';
  }
}

function readJson(dir: string, lang: Lang, file: string): unknown {
  return JSON.parse(readFileSync(join(dir, lang, file), 'utf8'));
}

/** Reads and checks one language; returns its problems instead of throwing, so all get reported at once. */
export function readDataset(dir: string, lang: Lang): { dataset?: FunDataset; problems: string[] } {
  const raw = {
    trivia: readJson(dir, lang, 'trivia.json'),
    pickup: readJson(dir, lang, 'pickup.json'),
    compliment: readJson(dir, lang, 'compliment.json'),
    truth: readJson(dir, lang, 'truth.json'),
    dare: readJson(dir, lang, 'dare.json'),
    wyr: readJson(dir, lang, 'wyr.json'),
    aura: readJson(dir, lang, 'aura.json'),
    eightBall: readJson(dir, lang, '8ball.json'),
  };
  const problems = [
    ...validateTrivia(raw.trivia, `${lang}/trivia`),
    ...validateTextList(raw.pickup, `${lang}/pickup`),
    ...validateTextList(raw.compliment, `${lang}/compliment`),
    ...validateTextList(raw.truth, `${lang}/truth`),
    ...validateTextList(raw.dare, `${lang}/dare`),
    ...validateWyr(raw.wyr, `${lang}/wyr`),
    ...validateAura(raw.aura, `${lang}/aura`),
    ...validateEightBall(raw.eightBall, `${lang}/8ball`),
  ];
  if (problems.length > 0) return { problems };
  const dataset = {
    ...raw,
    eightBall: flattenEightBall(raw.eightBall as Record<string, string[]>),
  } as FunDataset;
  return { dataset, problems };
}

/** Loads every language, checks every file and the translations against English; throws on any problem. */
export function loadFunData(dir: string = DATA_DIR): FunData {
  const problems: string[] = [];
  const data: Partial<FunData> = {};
  for (const lang of LANGS) {
    const result = readDataset(dir, lang);
    problems.push(...result.problems);
    if (result.dataset) data[lang] = result.dataset;
  }
  if (data.en) {
    for (const lang of LANGS) {
      const other = data[lang];
      if (lang !== 'en' && other) problems.push(...validateParallel(data.en, other, lang));
    }
  }
  if (problems.length > 0) throw new DatasetError(problems);
  return data as FunData;
}

let cached: FunData | undefined;

/** The datasets, read and checked once per process (they never change while it runs). */
export function funData(): FunData {
  cached ??= loadFunData();
  return cached;
}
