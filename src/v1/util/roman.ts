import { badRequest } from '../../lib/problem.js';
import { ROMAN_MAX, ROMAN_MIN } from './limits.js';

// biome-ignore format: pairs read best side by side
const VALUES: Array<[string, number]> = [
  ['M', 1000], ['CM', 900], ['D', 500], ['CD', 400], ['C', 100], ['XC', 90],
  ['L', 50], ['XL', 40], ['X', 10], ['IX', 9], ['V', 5], ['IV', 4], ['I', 1],
];

// The standard subtractive form only: IIII, VX, IC, MMMM and the like are refused.
const NUMERAL = /^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/;

export function toRoman(value: number): string {
  let rest = value;
  let out = '';
  for (const [numeral, amount] of VALUES) {
    while (rest >= amount) {
      out += numeral;
      rest -= amount;
    }
  }
  return out;
}

/** The value of a standard Roman numeral, or undefined when it is not one. */
export function fromRoman(numeral: string): number | undefined {
  if (numeral === '' || !NUMERAL.test(numeral)) return undefined;
  let value = 0;
  let index = 0;
  for (const [part, amount] of VALUES) {
    while (numeral.startsWith(part, index)) {
      value += amount;
      index += part.length;
    }
  }
  return value;
}

export interface RomanConversion {
  direction: 'toRoman' | 'fromRoman';
  arabic: number;
  roman: string;
}

/** Digits convert to a numeral, a numeral (any case) to its number; anything else is a 400 on `number`. */
export function convertRoman(input: string): RomanConversion {
  const trimmed = input.trim();
  // Plain digits only (a minus sign reaches the range message); "5.", "5.0" and "+5" are not numbers here.
  if (/^-?\d+$/.test(trimmed)) {
    const value = Number(trimmed);
    if (value < ROMAN_MIN || value > ROMAN_MAX) {
      throw badRequest('number', `must be a whole number from ${ROMAN_MIN} to ${ROMAN_MAX}`);
    }
    return { direction: 'toRoman', arabic: value, roman: toRoman(value) };
  }
  const roman = trimmed.toUpperCase();
  const value = fromRoman(roman);
  if (value === undefined) {
    throw badRequest(
      'number',
      `must be a whole number from ${ROMAN_MIN} to ${ROMAN_MAX} or a standard Roman numeral (I to MMMCMXCIX)`,
    );
  }
  return { direction: 'fromRoman', arabic: value, roman };
}
