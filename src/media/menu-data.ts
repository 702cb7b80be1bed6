import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { type BlobStore, readBlob } from '../lib/storage/blob-store.js';

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

/** The menu shipped with Kizuna; the operator's `menu.json` in the file storage replaces it when present. */
export const BUNDLED_MENU_PATH = fileURLToPath(new URL('../../config/menu.json', import.meta.url));

/** The operator's menu in the blob store: DATA_DIR/menu.json on disk, `<prefix>menu.json` in a bucket. */
export const MENU_KEY = 'menu.json';

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

export interface MenuStoreOptions {
  bundledPath?: string;
  onError?: (error: Error) => void;
}

/**
 * Reads the menu data, again whenever the operator's file changes (its change tag, asked for on
 * every load: a stat on disk, a HEAD at a bucket), so an edit shows at once without a restart, on
 * every instance alike. A broken override is reported and the bundled file used.
 */
export class MenuStore {
  private cached?: { source: string; tag: string; menu: MenuFile };
  private readonly bundledPath: string;
  private readonly onError: (error: Error) => void;

  constructor(
    private readonly blobs: BlobStore,
    options: MenuStoreOptions = {},
  ) {
    this.bundledPath = options.bundledPath ?? BUNDLED_MENU_PATH;
    this.onError = options.onError ?? (() => {});
  }

  async load(): Promise<MenuFile> {
    try {
      const override = await this.blobs.head(MENU_KEY);
      if (override) {
        const label = `${MENU_KEY} in the file storage`;
        return await this.remember(label, override.etag, async () =>
          parseMenuFile((await readBlob(this.blobs, MENU_KEY)).toString('utf8'), label),
        );
      }
    } catch (error) {
      this.onError(error as Error);
    }
    try {
      const { mtimeMs } = await stat(this.bundledPath);
      return await this.remember(this.bundledPath, String(mtimeMs), async () =>
        parseMenuFile(await readFile(this.bundledPath, 'utf8'), this.bundledPath),
      );
    } catch (error) {
      this.onError(error as Error);
    }
    if (this.cached) return this.cached.menu;
    throw new MenuFileError(this.bundledPath, 'no readable menu data');
  }

  private async remember(source: string, tag: string, read: () => Promise<MenuFile>): Promise<MenuFile> {
    if (this.cached?.source === source && this.cached.tag === tag) return this.cached.menu;
    const menu = await read();
    this.cached = { source, tag, menu };
    return menu;
  }
}
