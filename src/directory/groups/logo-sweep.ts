import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { LOGO_FILE_NAME, logoDir } from './logo-store.js';

/** Younger files may belong to an upload still in flight (on this or another instance). */
const GRACE_MS = 15 * 60_000;

/**
 * Removes logo files no group refers to, and half-written temp files: what a crash between
 * writing a logo and inserting its row, or between deleting a row and its file, leaves behind.
 * Returns the names removed.
 */
export async function sweepOrphanLogos(
  db: Kysely<Database>,
  dataDir: string,
  now = Date.now(),
): Promise<string[]> {
  const dir = logoDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  if (names.length === 0) return [];
  const rows = await db.selectFrom('groups').select('logo_file').where('logo_file', 'is not', null).execute();
  const used = new Set(rows.map((r) => r.logo_file));
  const removed: string[] = [];
  for (const name of names) {
    const ours = LOGO_FILE_NAME.test(name) || /^\.[0-9a-f]{32}\.(png|jpg|webp|gif)\.part$/.test(name);
    if (!ours || used.has(name)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info || now - info.mtimeMs < GRACE_MS) continue;
    await unlink(path).catch(() => {});
    removed.push(name);
  }
  return removed;
}
