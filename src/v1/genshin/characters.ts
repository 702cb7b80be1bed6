import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { GenshinCharacter } from './character.js';

/** Folds a name as people type it: "Hu Tao", "hutao", "HU-TAO" are one key. */
export const nameKey = (name: string) =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** The roster: every playable character of the extract, with lookups by name and element. */
export class GenshinRoster {
  readonly elements: string[];
  private readonly byKey = new Map<string, GenshinCharacter>();
  private readonly byWord = new Map<string, GenshinCharacter[]>();

  constructor(readonly characters: readonly GenshinCharacter[]) {
    this.elements = [...new Set(characters.map((c) => c.element))].sort();
    for (const character of characters) {
      this.byKey.set(nameKey(character.name), character);
      for (const word of character.name.split(/\s+/)) {
        const key = nameKey(word);
        this.byWord.set(key, [...(this.byWord.get(key) ?? []), character]);
      }
    }
  }

  /** The element as the data spells it ("pyro" → "Pyro"), or null when no character has it. */
  element(name: string): string | null {
    return this.elements.find((e) => e.toLowerCase() === name.trim().toLowerCase()) ?? null;
  }

  /** Every character, or those of one element (spelled as `element()` returns it). */
  list(element?: string): GenshinCharacter[] {
    return element ? this.characters.filter((c) => c.element === element) : [...this.characters];
  }

  /** By full name in any case and spacing, or by one part of it when only one character has that part ("kazuha"). */
  find(name: string): GenshinCharacter | null {
    const key = nameKey(name);
    if (!key) return null;
    const exact = this.byKey.get(key);
    if (exact) return exact;
    const partial = this.byWord.get(key);
    return partial?.length === 1 ? partial[0] : null;
  }

  random(element?: string): GenshinCharacter | null {
    const pool = this.list(element);
    return pool.length === 0 ? null : pool[randomInt(pool.length)];
  }
}

let roster: GenshinRoster | undefined;

/** The roster from data/characters.json (extracted from genshin-db), read once. */
export function genshinRoster(): GenshinRoster {
  roster ??= new GenshinRoster(
    JSON.parse(
      readFileSync(new URL('./data/characters.json', import.meta.url), 'utf8'),
    ) as GenshinCharacter[],
  );
  return roster;
}
