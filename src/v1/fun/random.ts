import { randomInt } from 'node:crypto';

/** One item of a non-empty list, chosen with cryptographic randomness. */
export function randomItem<T>(items: readonly T[]): T {
  if (items.length === 0) throw new Error('randomItem needs a non-empty list');
  return items[randomInt(items.length)];
}

/** A shuffled copy (Fisher–Yates over crypto.randomInt, so every order is equally likely). */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A random entry with its 1-based position, so a client can tell entries apart. */
export function randomEntry<T>(items: readonly T[]): { id: number; entry: T } {
  if (items.length === 0) throw new Error('randomEntry needs a non-empty list');
  const index = randomInt(items.length);
  return { id: index + 1, entry: items[index] };
}
