import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LogoExtension } from './logo-image.js';

/** Names we generate; nothing else is ever served or removed from the logo folder. */
export const LOGO_FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

export const logoDir = (dataDir: string) => join(dataDir, 'logos');

/** URL path of a stored logo, below the /api prefix. */
export const logoPath = (file: string) => `/api/groups/logos/${file}`;

/**
 * Stores a logo under a fresh random name and returns that name. The bytes go to a dot-file first
 * and are renamed into place, so a half-written logo is never served and a failed write leaves
 * nothing behind.
 */
export async function saveLogo(dataDir: string, data: Buffer, extension: LogoExtension): Promise<string> {
  const dir = logoDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  const temp = join(dir, `.${name}.part`);
  try {
    await writeFile(temp, data, { flag: 'wx' });
    await rename(temp, join(dir, name));
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  return name;
}

/** Removes a stored logo; one that is already gone is fine. */
export async function removeLogo(dataDir: string, file: string): Promise<void> {
  if (!LOGO_FILE_NAME.test(file)) return;
  await unlink(join(logoDir(dataDir), file)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}
