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
  groups: { total: number; verified: number; unverified: number };
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
