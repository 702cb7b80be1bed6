import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { BlobStore } from '../../lib/storage/blob-store.js';
import { LOGO_FILE_NAME, LOGO_PREFIX } from './logo-store.js';

/** Younger files may belong to an upload still in flight (on this or another instance). */
const GRACE_MS = 15 * 60_000;

/**
 * Removes stored logos no group refers to: what a crash between storing a logo and inserting its
 * row, or between deleting a row and its logo, leaves behind. Names we did not generate are left
 * alone. Returns the names removed.
 */
export async function sweepOrphanLogos(
  db: Kysely<Database>,
  blobs: BlobStore,
  now = Date.now(),
): Promise<string[]> {
  const candidates: string[] = [];
  for await (const { key, lastModified } of blobs.list(LOGO_PREFIX)) {
    const name = key.slice(LOGO_PREFIX.length);
    if (LOGO_FILE_NAME.test(name) && now - lastModified.getTime() >= GRACE_MS) candidates.push(name);
  }
  if (candidates.length === 0) return [];
  const rows = await db.selectFrom('groups').select('logo_file').where('logo_file', 'is not', null).execute();
  const used = new Set(rows.map((r) => r.logo_file));
  const removed: string[] = [];
  for (const name of candidates) {
    if (used.has(name)) continue;
    await blobs.delete(`${LOGO_PREFIX}${name}`);
    removed.push(name);
  }
  return removed;
}
