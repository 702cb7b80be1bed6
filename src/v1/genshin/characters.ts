import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { GenshinCharacter } from './character.js';

/** Folds a name as people type it: "Hu Tao", "hutao", "HU-TAO" are one key. */
export const nameKey = (name: string) =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Names players use that are not (a part of) the name in the data: the Traveler is Aether or
 * Lumine, Tartaglia goes by Childe (his title) and Ajax, the Wanderer was Scaramouche and
 * Kunikuzushi, the Raiden Shogun is Ei. Keys as `nameKey` folds them.
 */
export const NAME_ALIASES: Readonly<Record<string, readonly string[]>> = {
  traveler: ['Aether', 'Lumine'],
  traveller: ['Aether', 'Lumine'],
  childe: ['Tartaglia'],
  ajax: ['Tartaglia'],
  scaramouche: ['Wanderer'],
  kunikuzushi: ['Wanderer'],
  ei: ['Raiden Shogun'],
  raidenei: ['Raiden Shogun'],
  mannequin: ['Manekin', 'Manekina'],
};

/** A prefix shorter than this is no question ("xi" would list half of Liyue). */
const MIN_PREFIX = 3;

/** What a name stands for: one character, several that it could mean, or (empty list) none. */
export type NameMatch = { character: GenshinCharacter } | { candidates: GenshinCharacter[] };

/** The roster: every playable character of the extract, with lookups by name and element. */
export class GenshinRoster {
  readonly elements: string[];
  private readonly byKey = new Map<string, GenshinCharacter>();
  private readonly byWord = new Map<string, GenshinCharacter[]>();
  private readonly byAlias = new Map<string, GenshinCharacter[]>();

  constructor(readonly characters: readonly GenshinCharacter[]) {
    this.elements = [...new Set(characters.map((c) => c.element))].sort();
    for (const character of characters) {
      this.byKey.set(nameKey(character.name), character);
      for (const word of character.name.split(/\s+/)) {
        const key = nameKey(word);
        this.byWord.set(key, [...(this.byWord.get(key) ?? []), character]);
      }
    }
    for (const [alias, names] of Object.entries(NAME_ALIASES)) {
      const known = names.map((n) => this.byKey.get(nameKey(n))).filter((c) => c !== undefined);
      if (known.length > 0) this.byAlias.set(alias, known);
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

  /**
   * What a name typed by a user stands for, first rule that matches: the full name in any case
   * and spacing ("Hu Tao", "hutao"); a known alias ("childe", "traveler"); one word of the name
   * ("kazuha", "kamisato"); the start of the name or of one of its words, 3 characters or more
   * ("neuvi"). One match is the character; several are candidates, sorted by name.
   */
  match(name: string): NameMatch {
    const key = nameKey(name);
    if (!key) return { candidates: [] };
    const exact = this.byKey.get(key);
    if (exact) return { character: exact };
    const found =
      this.byAlias.get(key) ??
      this.byWord.get(key) ??
      (key.length >= MIN_PREFIX ? this.startingWith(key) : []);
    if (found.length === 1) return { character: found[0] };
    return { candidates: [...found].sort((a, b) => a.name.localeCompare(b.name, 'en')) };
  }

  /** The one character a name stands for, or null when it stands for none or several. */
  find(name: string): GenshinCharacter | null {
    const match = this.match(name);
    return 'character' in match ? match.character : null;
  }

  private startingWith(key: string): GenshinCharacter[] {
    return this.characters.filter(
      (c) => nameKey(c.name).startsWith(key) || c.name.split(/\s+/).some((w) => nameKey(w).startsWith(key)),
    );
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
