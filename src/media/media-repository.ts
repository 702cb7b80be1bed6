import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../db/database.js';
import { nowIso } from '../db/database.js';
import type { MediaFilesTable, MediaItemsTable } from '../db/tables/media.js';

/** A pool member joined with its file: everything a response needs; created_at is the membership's. */
export type MediaItem = Selectable<MediaItemsTable> & Omit<MediaFilesTable, 'sha256' | 'created_at'>;

export interface Credits {
  artistName?: string | null;
  artistHref?: string | null;
  sourceUrl?: string | null;
  animeName?: string | null;
}

export interface FileRow {
  sha256: string;
  ext: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

function itemsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('media_items as i')
    .innerJoin('media_files as f', 'f.sha256', 'i.sha256')
    .select([
      'i.id',
      'i.pool',
      'i.sha256',
      'f.ext',
      'f.mime',
      'f.size',
      'f.width',
      'f.height',
      'f.duration_ms',
      'i.artist_name',
      'i.artist_href',
      'i.source_url',
      'i.anime_name',
      'i.created_at',
    ]);
}

export async function listPoolItems(db: Kysely<Database>, pool: string): Promise<MediaItem[]> {
  return (await itemsQuery(db).where('i.pool', '=', pool).orderBy('i.id').execute()) as MediaItem[];
}

export async function findFile(db: Kysely<Database>, sha256: string) {
  return db.selectFrom('media_files').selectAll().where('sha256', '=', sha256).executeTakeFirst();
}

/** Adds the file row unless those bytes are known already; true when it is new. */
export async function insertFile(db: Kysely<Database>, file: FileRow): Promise<boolean> {
  const row = await db
    .insertInto('media_files')
    .values({
      sha256: file.sha256,
      ext: file.ext,
      mime: file.mime,
      size: file.size,
      width: file.width,
      height: file.height,
      duration_ms: file.durationMs,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .returning('sha256')
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds the file to the pool; undefined when it is already there. */
export async function insertItem(
  db: Kysely<Database>,
  pool: string,
  sha256: string,
  credits: Credits,
): Promise<number | undefined> {
  const row = await db
    .insertInto('media_items')
    .values({
      pool,
      sha256,
      artist_name: credits.artistName ?? null,
      artist_href: credits.artistHref ?? null,
      source_url: credits.sourceUrl ?? null,
      anime_name: credits.animeName ?? null,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['pool', 'sha256']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

const CREDIT_COLUMNS = {
  artistName: 'artist_name',
  artistHref: 'artist_href',
  sourceUrl: 'source_url',
  animeName: 'anime_name',
} as const;

/**
 * Sets the credits given (fields left undefined keep their value; null clears one) on a pool
 * member; true when that changed anything.
 */
export async function updateCredits(
  db: Kysely<Database>,
  pool: string,
  sha256: string,
  credits: Credits,
): Promise<boolean> {
  const current = await db
    .selectFrom('media_items')
    .select(['artist_name', 'artist_href', 'source_url', 'anime_name'])
    .where('pool', '=', pool)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  if (!current) return false;
  const changes: Partial<Record<(typeof CREDIT_COLUMNS)[keyof Credits], string | null>> = {};
  for (const [field, column] of Object.entries(CREDIT_COLUMNS) as Array<
    [keyof Credits, (typeof CREDIT_COLUMNS)[keyof Credits]]
  >) {
    const value = credits[field];
    if (value !== undefined && value !== current[column]) changes[column] = value;
  }
  if (Object.keys(changes).length === 0) return false;
  await db
    .updateTable('media_items')
    .set(changes)
    .where('pool', '=', pool)
    .where('sha256', '=', sha256)
    .execute();
  return true;
}

/** Removes one pool membership; returns true when there was one. */
export async function deleteItem(db: Kysely<Database>, pool: string, sha256: string): Promise<boolean> {
  const result = await db
    .deleteFrom('media_items')
    .where('pool', '=', pool)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes the file row when no pool uses the file any more; true when it did. */
export async function deleteFileIfUnused(db: Kysely<Database>, sha256: string): Promise<boolean> {
  const result = await db
    .deleteFrom('media_files')
    .where('sha256', '=', sha256)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('media_items').select('id').where('sha256', '=', sha256))))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countByPool(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('media_items')
    .select(['pool', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('pool')
    .execute();
  return new Map(rows.map((r) => [r.pool, Number(r.count)]));
}

export async function fileTotals(db: Kysely<Database>): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('media_files')
    .select([(eb) => eb.fn.countAll<number>().as('files'), (eb) => eb.fn.sum<number>('size').as('bytes')])
    .executeTakeFirstOrThrow();
  return { files: Number(row.files), bytes: Number(row.bytes ?? 0) };
}

/** LIKE with the user's text taken literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Up to `amount` items, drawn uniformly at random from every item of the given pools whose
 * artist, anime or source matches the text (case-insensitive). The database draws (random() is
 * SQLite's and PostgreSQL's alike), so no match is favoured for its age or position.
 */
export async function sampleMatchingItems(
  db: Kysely<Database>,
  pools: string[],
  text: string,
  amount: number,
): Promise<MediaItem[]> {
  if (pools.length === 0) return [];
  const pattern = likePattern(text);
  return (await itemsQuery(db)
    .where('i.pool', 'in', pools)
    .where((eb) =>
      eb.or(
        (['i.artist_name', 'i.anime_name', 'i.source_url'] as const).map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    )
    .orderBy(sql`random()`)
    .limit(amount)
    .execute()) as MediaItem[];
}

/** The pools a stored file belongs to. */
export async function poolsOfFile(db: Kysely<Database>, sha256: string): Promise<string[]> {
  const rows = await db.selectFrom('media_items').select('pool').where('sha256', '=', sha256).execute();
  return rows.map((r) => r.pool);
}

/** The newest items, of one pool or of all, for the operator's listing. */
export async function listItems(
  db: Kysely<Database>,
  pool: string | undefined,
  limit: number,
): Promise<MediaItem[]> {
  let query = itemsQuery(db);
  if (pool !== undefined) query = query.where('i.pool', '=', pool);
  return (await query.orderBy('i.id', 'desc').limit(limit).execute()) as MediaItem[];
}

/** The pool members whose artist or anime credit is one of `names`, with their file's size. */
export async function itemsCreditedAs(
  db: Kysely<Database>,
  names: readonly string[],
): Promise<Array<Pick<MediaItem, 'pool' | 'sha256' | 'ext' | 'size' | 'artist_name' | 'anime_name'>>> {
  if (names.length === 0) return [];
  return db
    .selectFrom('media_items as i')
    .innerJoin('media_files as f', 'f.sha256', 'i.sha256')
    .select(['i.pool', 'i.sha256', 'f.ext', 'f.size', 'i.artist_name', 'i.anime_name'])
    .where((eb) => eb.or([eb('i.artist_name', 'in', [...names]), eb('i.anime_name', 'in', [...names])]))
    .orderBy('i.id')
    .execute();
}
