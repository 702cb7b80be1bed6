import type { Generated } from 'kysely';

/** A submitted chat group. Booleans are 0/1 integers and timestamps ISO-8601 UTC text, as everywhere. */
export interface GroupsTable {
  id: Generated<number>;
  title: string;
  /** As shown: the official spelling for platforms we know, otherwise as submitted (trimmed). */
  platform: string;
  /** Lower-cased platform, for exact case-insensitive filters and grouping. */
  platform_key: string;
  category: string;
  category_key: string;
  invite_link: string;
  description: string;
  /** JSON array of normalised tags. */
  tags: string;
  /**
   * The index tokens of the words of title, description and tags (src/db/search-column.ts),
   * space-separated with a space on both ends. The full-text index of each dialect is built from
   * it by the database (migration 006): an FTS5 table on SQLite, a generated tsvector column
   * (search_vector, not listed here: no query reads or writes it by name through this type) on
   * PostgreSQL.
   */
  search_text: string;
  /** Generated file name of the re-encoded logo under DATA_DIR/logos, or null. */
  logo_file: string | null;
  external_image_url: string | null;
  likes: number;
  is_verified: number;
  submitted_by: number | null;
  created_at: string;
  verified_at: string | null;
}

/** One like: a user likes a group at most once (primary key). */
export interface GroupLikesTable {
  group_id: number;
  user_id: number;
  created_at: string;
}

export interface GroupsTables {
  groups: GroupsTable;
  group_likes: GroupLikesTable;
}
