/**
 * A small cache of rendered public list pages (anonymous GET /api/groups), so that the busiest
 * read in the directory does not query and serialise 50 groups for every visitor.
 *
 * Correctness comes first: every write that can change a public page (verify, delete, like,
 * unlike) calls `invalidate()`, which empties the cache at once for this instance, and a page
 * computed while a write happened is not stored (the generation check). With Redis, `invalidate()`
 * also tells every other instance (page-cache-sharing.ts), which empty theirs with `clear()`.
 * Written here rather than taken from a package because it is a dozen lines and must tie into our
 * own write paths.
 */
export interface CachedPage {
  /** Encoded once: sending a Buffer costs no UTF-8 conversion per request. */
  body: Buffer;
  link?: string;
}

export class PageCache {
  #entries = new Map<string, { page: CachedPage; expires: number }>();
  #generation = 0;
  #tellOthers?: () => Promise<void>;
  #hearsOthers = true;

  constructor(
    readonly ttlMs = 2000,
    readonly maxEntries = 256,
  ) {}

  /** Bumps on every invalidation; take it before computing a page and hand it back to `set`. */
  get generation(): number {
    return this.#generation;
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.page;
  }

  set(key: string, page: CachedPage, generation: number, now = Date.now()): void {
    if (this.ttlMs <= 0 || !this.#hearsOthers || generation !== this.#generation) return;
    if (this.#entries.size >= this.maxEntries) {
      // Oldest first: Map keeps insertion order.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { page, expires: now + this.ttlMs });
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
