/**
 * The directory's wire contract: the JSON shapes its answers have and the limits of what it
 * accepts, shared by the server and the browser UI (web/). Pure declarations, importing nothing,
 * so the UI can depend on the contract without reaching into the server.
 */

/** A user as every directory answer shows it; the password hash has no way out. */
export interface UserJson {
  id: number;
  username: string;
  email: string;
  role: string;
  isVerified: boolean;
  createdAt: string;
}

export interface GroupJson {
  id: number;
  title: string;
  platform: string;
  category: string;
  inviteLink: string;
  description: string;
  tags: string[];
  /** Absolute URL of the logo we serve. */
  logoUrl: string | null;
  externalImageUrl: string | null;
  likes: number;
  isVerified: boolean;
  createdAt: string;
  /** Present when the request has a session. */
  likedByMe?: boolean;
  /** Admin views only: who submitted the group (null when that account is gone). */
  submittedBy?: { id: number; username: string } | null;
  /**
   * Review state: `pending` (awaiting review, or sent back by an owner's edit), `verified`
   * (public), `rejected` (not public; the reason is shown to the owner). `isVerified` stays for
   * clients of the first contract and equals `status === 'verified'`.
   */
  status: GroupStatus;
  /** Owner and admin views only: why an admin rejected the group (null unless rejected). */
  rejectionReason?: string | null;
  /** Admin views only: open reports against the group. */
  openReports?: number;
}

export const GROUP_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

/** Orders of GET /api/groups (`relevance` only with `search`). */
export const GROUP_SORTS = ['newest', 'likes', 'trending', 'relevance'] as const;
export type GroupSortOrder = (typeof GROUP_SORTS)[number];

/** Trending = likes received in this many days. */
export const TRENDING_DAYS = 7;

/** Fields an owner's edit may change (PATCH /api/groups/:id, multipart like a submission). */
export const EDITABLE_FIELDS = [
  'title',
  'category',
  'inviteLink',
  'description',
  'tags',
  'logo',
  'externalImageUrl',
] as const satisfies readonly SubmissionField[];
/** A change to one of these sends the group back to review (status `pending`). */
export const REVIEWED_FIELDS = ['title', 'inviteLink', 'logo', 'externalImageUrl'] as const;

export const REJECTION_REASON_MAX_LENGTH = 500;

/** POST /api/groups/:id/reports `{reason, text?}`. */
export const REPORT_REASONS = ['spam', 'scam', 'nsfw', 'hate', 'dead-link', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_TEXT_MAX_LENGTH = 1000;

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A report as the admin queue shows it (GET /api/admin/reports, newest first). */
export interface ReportJson {
  id: number;
  group: { id: number; title: string; status: GroupStatus; openReports: number };
  reporter: { id: number; username: string } | null;
  reason: ReportReason;
  text: string | null;
  status: ReportStatus;
  createdAt: string;
  decidedAt: string | null;
}

/** GET /api/groups/facets: counts of public groups per platform, category and tag (top 50). */
export interface GroupFacets {
  platforms: NameCount[];
  categories: NameCount[];
  tags: NameCount[];
}

/** GET /api/public/stats; the field names are snake_case, as published. */
export interface PublicStats {
  members: number;
  groups_total: number;
  groups_verified: number;
  total_likes: number;
  platforms: string[];
}

export interface NameCount {
  name: string;
  count: number;
}

/** GET /api/admin/stats. */
export interface AdminStats {
  users: {
    total: number;
    byRole: Record<string, number>;
    byStatus: { verified: number; unverified: number };
  };
  /** `unverified` counts pending groups; rejected ones are counted apart. */
  groups: { total: number; verified: number; unverified: number; rejected: number };
  /** Open reports awaiting a moderator. */
  reports: { open: number };
  likes: number;
  platforms: NameCount[];
  categories: NameCount[];
}

/**
 * "At most 2 MB" for a logo, read as 2,000,000 bytes: that way a file one byte over 2 MB is
 * refused whichever megabyte a client has in mind (2,000,001 or 2 MiB + 1).
 */
export const LOGO_MAX_BYTES = 2_000_000;

/** The parts of a group submission (multipart/form-data); `logo` is the one file. */
export const SUBMISSION_FIELDS = [
  'title',
  'platform',
  'category',
  'inviteLink',
  'description',
  'tags',
  'logo',
  'externalImageUrl',
] as const;
export type SubmissionField = (typeof SUBMISSION_FIELDS)[number];

/** The longest value each text field of a submission may have, in characters. */
export const SUBMISSION_MAX_LENGTH = {
  title: 120,
  platform: 40,
  category: 50,
  inviteLink: 500,
  description: 2000,
  externalImageUrl: 2048,
} as const satisfies Partial<Record<SubmissionField, number>>;
