import { berlinDate } from '../../lib/berlin-clock.js';
import { seededPick, seedText } from '../../lib/deterministic.js';
import type { EightBallAnswer } from './dataset-types.js';

/** "Will I win?? " and "will i win" are the same question to the ball. */
export function normaliseQuestion(question: string): string {
  return seedText(question).replace(/[\s?!.…¿¡]+$/u, '');
}

/** Same question on the same Berlin day → same answer, on every instance and after restarts. */
export function shakeEightBall(
  question: string,
  now: Date,
  answers: readonly EightBallAnswer[],
): EightBallAnswer & { date: string } {
  const date = berlinDate(now);
  return { ...seededPick(answers, 'fun-8ball', normaliseQuestion(question), date), date };
}
