/**
 * Counts behind the statistics, kept exact by triggers (migration 007): one row per metric
 * ('users', 'groups', 'platform', 'category', 'likes'), key (role, platform or category key),
 * name (the stored spelling of a platform or category) and verified flag. Only triggers, the
 * migration and `npm run admin -- reindex` write it.
 */
export interface StatCountersTable {
  metric: string;
  key: string;
  name: string;
  verified: number;
  count: number;
}

export interface StatsTables {
  stat_counters: StatCountersTable;
}
