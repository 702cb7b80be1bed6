import { randomInt } from 'node:crypto';

export interface DiceRoll {
  sides: number;
  count: number;
  rolls: number[];
  sum: number;
}

/** `count` fair rolls of a die with `sides` faces (randomInt rejects biased draws). */
export function rollDice(sides: number, count: number): DiceRoll {
  const rolls = Array.from({ length: count }, () => randomInt(1, sides + 1));
  return { sides, count, rolls, sum: rolls.reduce((a, b) => a + b, 0) };
}
