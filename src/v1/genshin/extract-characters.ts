/**
 * Rewrites data/characters.json from the installed genshin-db package:
 *   npx tsx src/v1/genshin/extract-characters.ts
 * genshin-db parses ~180 MB of JSON for every language and folder when imported (seconds and
 * ~600 MB of memory), so the service reads this small extract instead. Run it after upgrading
 * genshin-db; test/v1/genshin/dataset.test.ts fails while the extract is behind the package.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type GenshinCharacter, toGenshinCharacter } from './character.js';

export const DATASET_PATH = fileURLToPath(new URL('./data/characters.json', import.meta.url));

export async function extractCharacters(): Promise<GenshinCharacter[]> {
  const genshin = (await import('genshin-db')).default;
  const raw = genshin.characters('names', { matchCategories: true, verboseCategories: true });
  return raw
    .map(toGenshinCharacter)
    .filter((c): c is GenshinCharacter => c !== null)
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export function serialiseDataset(characters: GenshinCharacter[]): string {
  return `${JSON.stringify(characters, null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const characters = await extractCharacters();
  writeFileSync(DATASET_PATH, serialiseDataset(characters));
  console.log(`wrote ${characters.length} characters to ${DATASET_PATH}`);
}
