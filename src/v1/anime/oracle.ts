import { seededPick, seedText } from '../../lib/deterministic.js';
import { ORACLE_ANSWERS, type OracleTone } from './data/oracle-answers.js';

export interface OracleReading {
  question: string;
  answer: string;
  tone: OracleTone;
  /** The Berlin calendar day the reading belongs to. */
  date: string;
}

/** Folds the ways of asking the same thing ("Will I pass?", "will i pass") into one key. */
export function questionKey(question: string): string {
  return seedText(question).replace(/[\s?!.…？！。]+$/u, '');
}

/** One answer per question and Berlin day: the same question gets the same answer all day, everywhere. */
export function consultOracle(question: string, date: string): OracleReading {
  const { answer, tone } = seededPick(ORACLE_ANSWERS, 'oracle', date, questionKey(question));
  return { question: question.trim(), answer, tone, date };
}
