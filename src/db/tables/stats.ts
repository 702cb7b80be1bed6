/**
 * Counts behind the statistics, kept exact by triggers (migration 007): one row per metric
 * ('users', 'groups', 'platform', 'category', 'likes'), key (role, platform or category key),
 * name (the stored spelling of a platform or category), verified flag and shard. Only triggers, the
 * migration and `npm run admin -- reindex` write it.
 */
export interface StatCountersTable {
  metric: string;
  key: string;
  name: string;
  verified: number;
  /** The row's part of the count (migration 007, SHARDS); readers add the parts up. */
  shard: number;
  count: number;
}

export interface StatsTables {
  stat_counters: StatCountersTable;
}
