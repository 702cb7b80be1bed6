/**
 * A short-lived cache of what a read computed, on one instance, for reads far more frequent than
 * the writes that change them (the public list pages, the sessions, the checked CSRF cookies).
 *
 * Correctness comes first: every write that can change a cached value calls `invalidate()`, which
 * empties the cache at once for this instance, and a value computed while a write happened is not
 * stored (the generation check). With Redis, `invalidate()` also tells every other instance
 * (directory/cache-sharing.ts), which empty theirs with `clear()`. Written here rather than taken
 * from a package because it is a dozen lines and must tie into our own write paths.
 */
export class SharedCache<Value> {
  #entries = new Map<string, { value: Value; expires: number }>();
  #generation = 0;
  #tellOthers?: () => Promise<void>;
  #hearsOthers = true;

  constructor(
    readonly ttlMs = 2000,
    readonly maxEntries = 256,
  ) {}

  /** Bumps on every invalidation; take it before computing a value and hand it back to `set`. */
  get generation(): number {
    return this.#generation;
  }

  get(key: string, now = Date.now()): Value | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: Value, generation: number, now = Date.now()): void {
    if (this.ttlMs <= 0 || !this.#hearsOthers || generation !== this.#generation) return;
    if (this.#entries.size >= this.maxEntries) {
      // Oldest first: Map keeps insertion order.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { value, expires: now + this.ttlMs });
  }

  /** How a write here reaches the caches of other instances (set once Redis connects them). */
  shareWith(tellOthers: () => Promise<void>): void {
    this.#tellOthers = tellOthers;
  }

  /**
   * After a write: empties this cache at once, and every other instance's when shared. Await it
   * before answering the write, so that the others have been told by the time the client hears
   * back and can ask one of them.
   */
  async invalidate(): Promise<void> {
    this.clear();
    await this.#tellOthers?.();
  }

  /**
   * Whether writes on other instances reach this cache. While they cannot (Redis is down), it
   * keeps nothing, since it could not be told that a page has changed.
   */
  set hearsOthers(hears: boolean) {
    this.#hearsOthers = hears;
    if (!hears) this.clear();
  }

  /** Empties this instance's cache only (a write elsewhere, or a reconnect that may have missed one). */
  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
