import type { MediaItem } from './media-repository.js';
import type { MediaStore } from './media-store.js';
import { chooseAvoiding, pickCandidates, ringSize } from './pick.js';
import type { RecentPicks } from './recent-picks.js';

export interface PickerLogger {
  warn(object: unknown, message: string): void;
}

/** Random picks from pools that honour the anti-duplicate ring of each client. */
export class MediaPicker {
  constructor(
    readonly store: Pick<MediaStore, 'poolItems' | 'poolItemsNow' | 'cachedCounts'>,
    private readonly ring: RecentPicks,
    private readonly log?: PickerLogger,
  ) {}

  /** Up to `amount` distinct items of the pool; fewer when the pool holds fewer, none when it is empty. */
  async pick(pool: string, client: string, amount = 1): Promise<MediaItem[]> {
    const items = await this.store.poolItems(pool);
    if (items.length === 0) return [];
    const { k, candidates, ids } = drawCandidates(items, amount);
    let chosen: number[];
    try {
      // Even with k = 0 the pick is recorded: a resumed raw=1 download asks for the last one.
      chosen = await this.ring.reserve(pool, client, k, ids, amount);
    } catch (error) {
      // A ring that cannot be used costs variety, not availability.
      this.log?.warn({ err: error }, 'anti-duplicate ring unavailable');
      chosen = chooseAvoiding(ids, [], amount);
    }
    return chosenItems(candidates, ids, chosen);
  }

  /**
   * pick(), at once, when it needs to wait for nothing: the pool's items are cached and the ring
   * is in this process (no Redis). Undefined otherwise. A handler that answers without a promise
   * cost about 4 % less CPU on /api/v1/neko (docs/benchmarks.md).
   */
  pickNow(pool: string, client: string, amount = 1): MediaItem[] | undefined {
    const items = this.store.poolItemsNow(pool);
    if (items === undefined || this.ring.reserveNow === undefined) return undefined;
    if (items.length === 0) return [];
    const { k, candidates, ids } = drawCandidates(items, amount);
    return chosenItems(candidates, ids, this.ring.reserveNow(pool, client, k, ids, amount));
  }

  /** `use` of the pick: at once when pickNow() can, otherwise once pick() has it. */
  pickAndThen<T>(
    pool: string,
    client: string,
    amount: number,
    use: (items: MediaItem[]) => T,
  ): T | Promise<T> {
    const items = this.pickNow(pool, client, amount);
    return items !== undefined ? use(items) : this.pick(pool, client, amount).then(use);
  }

  /** One item from one of the pools, the pool chosen at random among those that have items. */
  async pickAcross(pools: readonly string[], client: string): Promise<MediaItem | undefined> {
    // One grouped count instead of a query per pool: the GIF shortcuts span 59 categories.
    const counts = await this.store.cachedCounts();
    const filled = pools.filter((pool) => (counts.get(pool) ?? 0) > 0);
    if (filled.length === 0) return undefined;
    const chosen = filled[Math.floor(Math.random() * filled.length)];
    return (await this.pick(chosen, client, 1))[0];
  }

  /** The item this pool gave the client last (the head of its ring), when it is still in the pool. */
  async lastPick(pool: string, client: string): Promise<MediaItem | undefined> {
    let recent: number[];
    try {
      recent = await this.ring.recent(pool, client);
    } catch (error) {
      this.log?.warn({ err: error }, 'anti-duplicate ring unavailable');
      return undefined;
    }
    if (recent.length === 0) return undefined;
    return (await this.store.poolItems(pool)).find((item) => item.id === recent[0]);
  }

  /** The pool's item with these bytes, if the pool holds them. */
  async findInPool(pool: string, sha256: string): Promise<MediaItem | undefined> {
    return (await this.store.poolItems(pool)).find((item) => item.sha256 === sha256);
  }
}

/** The ring's size for this pool, and the candidates a pick of `amount` chooses among, with their ids. */
function drawCandidates(items: readonly MediaItem[], amount: number) {
  const k = ringSize(items.length);
  const candidates = pickCandidates(items, k, amount);
  return { k, candidates, ids: candidates.map((item) => item.id) };
}

/** The chosen candidates, in the order chosen. */
function chosenItems(
  candidates: readonly MediaItem[],
  ids: readonly number[],
  chosen: readonly number[],
): MediaItem[] {
  // The candidates are a few dozen at most (amount + k): a scan, rather than a map per pick.
  const picked: MediaItem[] = [];
  for (const id of chosen) {
    const item = candidates[ids.indexOf(id)];
    if (item !== undefined) picked.push(item);
  }
  return picked;
}
