import type { GroupStatus } from '../directory-contract.js';

/**
 * The review state of a group as the database keeps it, in `groups.is_verified` (migration 011):
 * the name of the flag it once was, so the feed indexes and counters that lead with it stay exact
 * ranges. `hidden` is a verified group with enough open reports from verified users to be taken
 * off the public list until an admin decides; its status is still `verified`.
 */
export const GROUP_STATE = { pending: 0, public: 1, rejected: 2, hidden: 3 } as const;
export type GroupStateCode = (typeof GROUP_STATE)[keyof typeof GROUP_STATE];

/** Verified: public, or hidden by reports. */
export const VERIFIED_STATES: readonly GroupStateCode[] = [GROUP_STATE.public, GROUP_STATE.hidden];

export function statusOf(state: number): GroupStatus {
  if (state === GROUP_STATE.public || state === GROUP_STATE.hidden) return 'verified';
  if (state === GROUP_STATE.rejected) return 'rejected';
  return 'pending';
}
