import { randomBytes } from 'node:crypto';
import { IMMUTABLE } from '../../lib/http/cache-control.js';
import type { BlobStore } from '../../lib/storage/blob-store.js';
import type { LogoExtension } from './logo-image.js';

/** Names we generate; nothing else is ever served or removed as a logo. */
export const LOGO_FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

export const LOGO_MIME: Record<LogoExtension, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** Where a logo lives in the blob store (DATA_DIR/logos/ on disk, as it always did). */
export const LOGO_PREFIX = 'logos/';
export const logoKey = (file: string) => `${LOGO_PREFIX}${file}`;

/** URL path of a stored logo, below the /api prefix. */
export const logoPath = (file: string) => `/api/groups/logos/${file}`;

/**
 * Stores a logo under a fresh random name and returns that name. The store never shows a
 * half-written object, and a failed write leaves nothing behind (a StorageUnavailableError, 503).
 */
export async function saveLogo(blobs: BlobStore, data: Buffer, extension: LogoExtension): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  await blobs.put(logoKey(name), data, { contentType: LOGO_MIME[extension], cacheControl: IMMUTABLE });
  return name;
}

/** Removes a stored logo; one that is already gone is fine. */
export async function removeLogo(blobs: BlobStore, file: string): Promise<void> {
  if (!LOGO_FILE_NAME.test(file)) return;
  await blobs.delete(logoKey(file));
}
