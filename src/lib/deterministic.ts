import { createHash } from 'node:crypto';

/**
 * Deterministic answers (ship, rate, oracle, the daily picks) come from a hash of their inputs,
 * so every instance and every restart agrees without sharing any state.
 */

/** A stream of floats in [0, 1) fixed by the given parts (a SHA-256 counter: small, fast enough, portable). */
export function seededRandom(...parts: Array<string | number>): () => number {
  const seed = parts.map((p) => String(p)).join('\u0000');
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + 4 > block.length) {
      block = createHash('sha256').update(seed).update(String(counter++)).digest();
      offset = 0;
    }
    const value = block.readUInt32BE(offset) / 2 ** 32;
    offset += 4;
    return value;
  };
}

/** An integer in [min, max] fixed by the parts. */
export function seededInt(min: number, max: number, ...parts: Array<string | number>): number {
  return min + Math.floor(seededRandom(...parts)() * (max - min + 1));
}

/** One item of a list, fixed by the parts. */
export function seededPick<T>(items: readonly T[], ...parts: Array<string | number>): T {
  if (items.length === 0) throw new Error('seededPick needs a non-empty list');
  return items[Math.floor(seededRandom(...parts)() * items.length)];
}

/** Normalises free text used as a seed, so "Naruto " and "naruto" give the same answer. */
export function seedText(text: string): string {
  return text.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
}
