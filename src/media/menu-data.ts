import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type } from 'typebox';
import { Value } from 'typebox/value';

/** The four sections of the menu (docs/media.md); the data file must define each of them. */
export const MENU_SECTIONS = ['main', 'ai', 'fun', 'system'] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

const Command = Type.Object({
  command: Type.String({ minLength: 1, maxLength: 80 }),
  description: Type.String({ maxLength: 200 }),
});
const Section = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 80 }),
  description: Type.String({ maxLength: 300 }),
  commands: Type.Array(Command, { maxItems: 60 }),
});
export const MenuFileSchema = Type.Object({
  botName: Type.String({ minLength: 1, maxLength: 60 }),
  prefix: Type.String({ maxLength: 5 }),
  footer: Type.String({ maxLength: 200 }),
  sections: Type.Object({ main: Section, ai: Section, fun: Section, system: Section }),
});
export type MenuFile = Type.Static<typeof MenuFileSchema>;

/** The menu shipped with Kizuna; DATA_DIR/menu.json replaces it when present. */
export const BUNDLED_MENU_PATH = fileURLToPath(new URL('../../config/menu.json', import.meta.url));

export class MenuFileError extends Error {
  constructor(path: string, reason: string) {
    super(`menu data ${path}: ${reason}`);
    this.name = 'MenuFileError';
  }
}

export function parseMenuFile(text: string, path: string): MenuFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new MenuFileError(path, 'is not valid JSON');
  }
  if (!Value.Check(MenuFileSchema, data)) {
    const first = [...Value.Errors(MenuFileSchema, data)][0];
    throw new MenuFileError(path, `${first?.instancePath || '/'} ${first?.message ?? 'is invalid'}`);
  }
  return data;
}

/**
 * Reads the menu data, re-reading it when the file changes, so an operator's edit shows without
 * a restart. A broken override is reported and the last good data (or the bundled file) is kept.
 */
export class MenuStore {
  private cached?: { path: string; mtimeMs: number; menu: MenuFile };

  constructor(
    private readonly dataDir: string,
    private readonly bundledPath = BUNDLED_MENU_PATH,
    private readonly onError: (error: Error) => void = () => {},
  ) {}

  async load(): Promise<MenuFile> {
    const override = join(this.dataDir, 'menu.json');
    const overrideStat = await stat(override).catch(() => undefined);
    const candidates = overrideStat ? [override, this.bundledPath] : [this.bundledPath];
    for (const path of candidates) {
      try {
        const { mtimeMs } = await stat(path);
        if (this.cached?.path === path && this.cached.mtimeMs === mtimeMs) return this.cached.menu;
        const menu = parseMenuFile(await readFile(path, 'utf8'), path);
        this.cached = { path, mtimeMs, menu };
        return menu;
      } catch (error) {
        this.onError(error as Error);
      }
    }
    if (this.cached) return this.cached.menu;
    throw new MenuFileError(this.bundledPath, 'no readable menu data');
  }
}
