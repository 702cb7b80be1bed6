import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchArea } from './types.js';

const AREAS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'areas');

/** Every bench/areas/*.ts but the opt-in ones (the default suite), or those whose name is in `only`. */
export async function loadAreas(only: string[] = []): Promise<BenchArea[]> {
  const areas: BenchArea[] = [];
  for (const file of readdirSync(AREAS_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const { area } = (await import(pathToFileURL(join(AREAS_DIR, file)).href)) as { area: BenchArea };
    if (only.length === 0 ? !area.optIn : only.includes(area.name)) areas.push(area);
  }
  return areas;
}
