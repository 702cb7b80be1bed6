/** Tables of the anime area. */
export interface AnimeTables {
  /** Jikan answers, so that a repeated question never goes upstream and a stale one can stand in. */
  anime_cache: AnimeCacheTable;
}

export interface AnimeCacheTable {
  /** What was asked, e.g. `lookup:naruto` or `top`. */
  key: string;
  /** The normalised answer as JSON. */
  value: string;
  /** ISO-8601 UTC: when it came from upstream. */
  fetched_at: string;
}
