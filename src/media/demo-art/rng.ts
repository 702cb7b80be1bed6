/** A random number in [0, 1), drawn from a seeded sequence: the same seed gives the same art. */
export type Rng = () => number;

/** A 32-bit hash of a text (FNV-1a, then mixed), the seed of a sequence. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** mulberry32: small, fast, and good enough for picking colours and positions. */
export function seeded(seed: string | number): Rng {
  let state = typeof seed === 'number' ? seed >>> 0 : hashText(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rng: Rng, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)];
}

export function between(rng: Rng, low: number, high: number): number {
  return low + rng() * (high - low);
}

/** The `index`-th of a list rotated by a seed: variants of one category walk through all entries before repeating. */
export function cycle<T>(list: readonly T[], index: number, seed: number): T {
  return list[(index + seed) % list.length];
}
