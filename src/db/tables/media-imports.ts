import type { Generated } from 'kysely';

/**
 * Manifest imports started over HTTP (POST /api/admin/media/imports), kept in the database so that
 * every instance answers for the progress of an import any of them runs.
 */
export interface MediaImportTables {
  media_imports: MediaImportsTable;
  media_import_rows: MediaImportRowsTable;
}

export interface MediaImportsTable {
  id: Generated<number>;
  /** running, done, or interrupted (its instance stopped before the end). */
  state: string;
  /** json, ndjson or csv. */
  format: string;
  /** Rows to work on. */
  total: number;
  /** Who started it: an admin's username, or `operator` (loopback or OPERATOR_TOKEN). */
  started_by: string;
  created_at: string;
  /** Renewed with every row while it runs: an import whose heartbeat stopped has lost its instance. */
  heartbeat_at: string;
  finished_at: string | null;
}

/** One row's end, as it happens. */
export interface MediaImportRowsTable {
  import_id: number;
  /** The row's line (NDJSON, CSV) or place (JSON) in the manifest. */
  line: number;
  /** Pool and source: the same row in another import (what lets a new import skip it). */
  row_key: string;
  /** added, linked, updated, duplicate, skipped or failed. */
  outcome: string;
  reason: string | null;
  sha256: string | null;
  bytes: number;
}
