import type { Generated } from 'kysely';

/** One stored file, named by the SHA-256 of its bytes: the same bytes exist once, whatever pools use them. */
export interface MediaFilesTable {
  sha256: string;
  ext: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  created_at: string;
}

/** A file's membership in a pool (an anime category or a media pool), with its credits. */
export interface MediaItemsTable {
  id: Generated<number>;
  pool: string;
  sha256: string;
  artist_name: string | null;
  artist_href: string | null;
  source_url: string | null;
  anime_name: string | null;
  created_at: string;
}

export interface MediaTables {
  media_files: MediaFilesTable;
  media_items: MediaItemsTable;
}
