/** The file types the store accepts, by what their magic bytes say, and the extension they are served with. */
export const ACCEPTED_TYPES: Record<string, { ext: string; kind: 'image' | 'video' }> = {
  'image/png': { ext: 'png', kind: 'image' },
  'image/jpeg': { ext: 'jpg', kind: 'image' },
  'image/gif': { ext: 'gif', kind: 'image' },
  'image/webp': { ext: 'webp', kind: 'image' },
  'video/mp4': { ext: 'mp4', kind: 'video' },
  'video/webm': { ext: 'webm', kind: 'video' },
};

export const ACCEPTED_EXTENSIONS = [...new Set(Object.values(ACCEPTED_TYPES).map((t) => t.ext))];

export const MIME_BY_EXT: Record<string, string> = Object.fromEntries(
  Object.entries(ACCEPTED_TYPES).map(([mime, { ext }]) => [ext, mime]),
);

/** Public file names: the content hash and the extension, nothing a path could be made of. */
export const FILE_NAME_PATTERN = `^[0-9a-f]{64}\\.(${ACCEPTED_EXTENSIONS.join('|')})$`;

/** Where a stored file lives below the store's root; two hex levels keep directories small. */
export function storedRelativePath(sha256: string, ext: string): string {
  return `${sha256.slice(0, 2)}/${sha256}.${ext}`;
}

/** The blob store key of a stored media file (docs/storage.md). */
export function mediaKey(sha256: string, ext: string): string {
  return `media/files/${storedRelativePath(sha256, ext)}`;
}

/** The immutable public path of a stored file under /api/v1. */
export function filePath(sha256: string, ext: string): string {
  return `/api/v1/files/${sha256}.${ext}`;
}
