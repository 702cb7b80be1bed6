import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import { nowIso } from '../db/database.js';
import type { MediaImportsTable } from '../db/tables/media-imports.js';

export type ImportRecord = Selectable<MediaImportsTable>;

export async function createImport(
  db: Kysely<Database>,
  values: { format: string; total: number; startedBy: string },
): Promise<ImportRecord> {
  const now = nowIso();
  return db
    .insertInto('media_imports')
    .values({
      state: 'running',
      format: values.format,
      total: values.total,
      started_by: values.startedBy,
      created_at: now,
      heartbeat_at: now,
      finished_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findImport(db: Kysely<Database>, id: number): Promise<ImportRecord | undefined> {
  return db.selectFrom('media_imports').selectAll().where('id', '=', id).executeTakeFirst();
}

export function latestImports(db: Kysely<Database>, limit: number): Promise<ImportRecord[]> {
  return db.selectFrom('media_imports').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

/** An import still running somewhere: its heartbeat is younger than `staleBefore`. */
export function runningImport(db: Kysely<Database>, staleBefore: string): Promise<ImportRecord | undefined> {
  return db
    .selectFrom('media_imports')
    .selectAll()
    .where('state', '=', 'running')
    .where('heartbeat_at', '>=', staleBefore)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** One row's end, and the import's heartbeat with it. */
export async function recordRow(
  db: Kysely<Database>,
  importId: number,
  row: { line: number; rowKey: string; outcome: string; reason?: string; sha256?: string; bytes: number },
): Promise<void> {
  await db
    .insertInto('media_import_rows')
    .values({
      import_id: importId,
      line: row.line,
      row_key: row.rowKey,
      outcome: row.outcome,
      reason: row.reason ?? null,
      sha256: row.sha256 ?? null,
      bytes: row.bytes,
    })
    .onConflict((oc) => oc.columns(['import_id', 'line']).doNothing())
    .execute();
  await db.updateTable('media_imports').set({ heartbeat_at: nowIso() }).where('id', '=', importId).execute();
}

export async function endImport(
  db: Kysely<Database>,
  id: number,
  state: 'done' | 'interrupted',
): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('media_imports')
    .set({ state, finished_at: now, heartbeat_at: now })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .execute();
}

/** Rows of an import by outcome, and their bytes. */
export async function rowCounts(
  db: Kysely<Database>,
  importId: number,
): Promise<{ counts: Record<string, number>; bytes: number }> {
  const rows = await db
    .selectFrom('media_import_rows')
    .select([
      'outcome',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.sum<number>('bytes').as('bytes'),
    ])
    .where('import_id', '=', importId)
    .groupBy('outcome')
    .execute();
  const counts: Record<string, number> = {};
  let bytes = 0;
  for (const row of rows) {
    counts[row.outcome] = Number(row.n);
    bytes += Number(row.bytes ?? 0);
  }
  return { counts, bytes };
}

export function failedRows(
  db: Kysely<Database>,
  importId: number,
  limit: number,
): Promise<Array<{ line: number; reason: string | null }>> {
  return db
    .selectFrom('media_import_rows')
    .select(['line', 'reason'])
    .where('import_id', '=', importId)
    .where('outcome', '=', 'failed')
    .orderBy('line')
    .limit(limit)
    .execute();
}

/** Of these row keys, those an earlier import stored (or found stored): a new import skips them. */
export async function importedRowKeys(db: Kysely<Database>, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // In slices: SQLite takes at most 32766 bound values, PostgreSQL 65535.
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('media_import_rows')
      .select('row_key')
      .where('row_key', 'in', keys.slice(i, i + 500))
      .where('outcome', 'in', ['added', 'linked', 'updated', 'duplicate'])
      .execute();
    for (const row of rows) found.add(row.row_key);
  }
  return found;
}
