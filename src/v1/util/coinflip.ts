import { randomInt } from 'node:crypto';

export type CoinSide = 'heads' | 'tails';

/** A fair flip from the CSPRNG. */
export function flipCoin(): CoinSide {
  return randomInt(2) === 0 ? 'heads' : 'tails';
}
