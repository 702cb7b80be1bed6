import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.js';

export interface CacheEntry<T> {
  value: T;
  /** Epoch milliseconds of the upstream answer. */
  fetchedAt: number;
}

export interface AnimeCacheOptions {
  /** An answer younger than this is served without asking upstream. */
  freshMs: number;
  /** Older answers are kept this long as a stand-in while upstream is down, then removed. */
  keepMs: number;
  /** Entries held in memory in front of the database. */
  memoryEntries: number;
  now?: () => number;
}

/**
 * Jikan answers in memory (per instance, bounded, least recently used out first) in front of the
 * database (shared by every instance and kept across restarts).
 */
export class AnimeCache {
  private readonly memory = new Map<string, CacheEntry<unknown>>();
  private readonly now: () => number;
  private lastPrune = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: AnimeCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  isFresh(entry: CacheEntry<unknown>): boolean {
    return this.ageOf(entry) < this.options.freshMs;
  }

  /** Milliseconds since upstream gave the answer. */
  ageOf(entry: CacheEntry<unknown>): number {
    return this.now() - entry.fetchedAt;
  }

  /** The newest answer to `key` of any age still kept, memory first; null when there is none. */
  async get<T>(key: string): Promise<CacheEntry<T> | null> {
    const held = this.memory.get(key);
    if (held && this.isFresh(held)) {
      this.memory.delete(key);
      this.memory.set(key, held);
      return held as CacheEntry<T>;
    }
    const row = await this.db
      .selectFrom('anime_cache')
      .select(['value', 'fetched_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    const stored = row ? { value: JSON.parse(row.value) as T, fetchedAt: Date.parse(row.fetched_at) } : null;
    const best = [held as CacheEntry<T> | undefined, stored ?? undefined]
      .filter((e): e is CacheEntry<T> => e !== undefined && this.now() - e.fetchedAt < this.options.keepMs)
      .sort((a, b) => b.fetchedAt - a.fetchedAt)[0];
    if (!best) return null;
    this.remember(key, best);
    return best;
  }

  async set<T>(key: string, value: T): Promise<CacheEntry<T>> {
    const entry = { value, fetchedAt: this.now() };
    this.remember(key, entry);
    const fetchedAt = new Date(entry.fetchedAt).toISOString();
    const json = JSON.stringify(value);
    await this.db
      .insertInto('anime_cache')
      .values({ key, value: json, fetched_at: fetchedAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, fetched_at: fetchedAt }))
      .execute();
    await this.pruneNowAndThen();
    return entry;
  }

  private remember(key: string, entry: CacheEntry<unknown>) {
    this.memory.delete(key);
    this.memory.set(key, entry);
    if (this.memory.size > this.options.memoryEntries) {
      const oldest = this.memory.keys().next().value;
      if (oldest !== undefined) this.memory.delete(oldest);
    }
  }

  /** Removes answers past keeping, at most once an hour per instance. */
  private async pruneNowAndThen() {
    const now = this.now();
    if (now - this.lastPrune < 3600_000) return;
    this.lastPrune = now;
    const cutoff = new Date(now - this.options.keepMs).toISOString();
    await this.db.deleteFrom('anime_cache').where('fetched_at', '<', cutoff).execute();
  }
}
