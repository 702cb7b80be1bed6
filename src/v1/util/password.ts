import { randomInt } from 'node:crypto';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
export const SYMBOLS = '!#$%&()*+,-./:;<=>?@[]^_{|}~';

export interface GeneratedPassword {
  password: string;
  length: number;
  symbols: boolean;
  /** log2 of the number of passwords this call could have produced (upper bound). */
  entropyBits: number;
}

/**
 * A password from the CSPRNG. randomInt rejects out-of-range draws, so every character of the
 * alphabet is equally likely (no modulo bias). A draw that misses one of the character classes is
 * thrown away as a whole, which keeps the result uniform over all passwords that have every class.
 */
export function generatePassword(length: number, symbols: boolean): GeneratedPassword {
  const classes = symbols ? [LOWER, UPPER, DIGITS, SYMBOLS] : [LOWER, UPPER, DIGITS];
  const alphabet = classes.join('');
  for (;;) {
    let password = '';
    for (let i = 0; i < length; i++) password += alphabet[randomInt(alphabet.length)];
    if (classes.every((set) => [...set].some((c) => password.includes(c)))) {
      return { password, length, symbols, entropyBits: Math.floor(length * Math.log2(alphabet.length)) };
    }
  }
}
