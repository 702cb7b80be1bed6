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
   * Normalised words of title, description and tags (lower-case, no diacritics), space-separated
   * with a space on both ends, so one LIKE '% word%' behaves the same on SQLite and PostgreSQL.
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
