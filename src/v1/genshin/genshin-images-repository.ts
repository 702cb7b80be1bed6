import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { GENSHIN_POOL } from '../../media/categories.js';

export interface StoredImageRow {
  character_id: number;
  kind: string;
  sha256: string;
  ext: string;
}

/**
 * The stored pictures whose file is still in the Genshin pool: one the operator removed from the
 * media store drops out here, and is fetched again on its next request.
 */
function storedQuery(db: Kysely<Database>) {
  return db
    .selectFrom('genshin_images as g')
    .innerJoin('media_items as i', (join) =>
      join.onRef('i.sha256', '=', 'g.sha256').on('i.pool', '=', GENSHIN_POOL),
    )
    .select(['g.character_id', 'g.kind', 'g.sha256', 'g.ext']);
}

export function listStoredImages(db: Kysely<Database>): Promise<StoredImageRow[]> {
  return storedQuery(db).execute();
}

export function findStoredImage(
  db: Kysely<Database>,
  characterId: number,
  kind: string,
): Promise<StoredImageRow | undefined> {
  return storedQuery(db)
    .where('g.character_id', '=', characterId)
    .where('g.kind', '=', kind)
    .executeTakeFirst();
}

/**
 * Records which file is the picture. One row per character and kind: instances that stored it at
 * the same moment stored the same bytes (content-addressed), and the last write stands; a row left
 * by a file since removed is replaced.
 */
export async function saveStoredImage(
  db: Kysely<Database>,
  row: StoredImageRow & { source_url: string },
): Promise<void> {
  const values = { ...row, stored_at: nowIso() };
  await db
    .insertInto('genshin_images')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['character_id', 'kind']).doUpdateSet({
        sha256: values.sha256,
        ext: values.ext,
        source_url: values.source_url,
        stored_at: values.stored_at,
      }),
    )
    .execute();
}
