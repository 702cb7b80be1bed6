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
  /**
   * The review state (migration 011), under the name it had when it was a flag, which the feed
   * indexes, the statistics counters and every seed still read: 0 pending, 1 verified and public,
   * 2 rejected, 3 verified but hidden by reports until an admin decides
   * (src/directory/groups/group-state.ts). So `is_verified = 1` is exactly "public".
   */
  is_verified: number;
  /** Why an admin rejected the group; null unless it is rejected. */
  rejection_reason: string | null;
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

/** A report of a group by a user (migration 011); one open report per user and group. */
export interface GroupReportsTable {
  id: Generated<number>;
  group_id: number;
  /** Null once the reporting account is gone. */
  reporter_id: number | null;
  reason: string;
  text: string | null;
  /** open, resolved or dismissed. */
  status: string;
  created_at: string;
  decided_at: string | null;
}

/** One tag of one group, every state (kept by triggers from groups.tags, migration 011). */
export interface GroupTagsTable {
  tag: string;
  group_id: number;
}

/** Public groups (is_verified = 1) per tag, kept by triggers (migration 011). */
export interface TagCountsTable {
  tag: string;
  count: number;
}

export interface GroupsTables {
  groups: GroupsTable;
  group_likes: GroupLikesTable;
  group_reports: GroupReportsTable;
  group_tags: GroupTagsTable;
  tag_counts: TagCountsTable;
}
