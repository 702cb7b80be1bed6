import type { Generated } from 'kysely';

/** Booleans are stored as 0/1 integers and timestamps as ISO-8601 UTC text on both dialects. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username; unique, so names differ in more than letter case. */
  username_key: string;
  /** Confusable skeleton of the username (lib/username-skeleton.ts); unique, so no look-alikes. */
  username_skeleton: string;
  email: string;
  email_key: string;
  password_hash: string;
  role: string;
  is_verified: number;
  created_at: string;
}

export interface SessionsTable {
  /** sha256 of the cookie value; the raw id never reaches the database. */
  id_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_started_at: string;
  blocked_until: string | null;
}

/** One fixed window of a write budget (src/directory/write-budget.ts). */
export interface WriteBudgetsTable {
  key: string;
  used: number;
  window_started_at: string;
}

export interface AccountTables {
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  write_budgets: WriteBudgetsTable;
}
