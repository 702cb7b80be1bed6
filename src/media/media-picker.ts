import type { MediaItem } from './media-repository.js';
import type { MediaStore } from './media-store.js';
import { pickAvoiding, ringSize } from './pick.js';
import type { RecentPicks } from './recent-picks.js';

export interface PickerLogger {
  warn(object: unknown, message: string): void;
}

/** Random picks from pools that honour the anti-duplicate ring of each client. */
export class MediaPicker {
  constructor(
    readonly store: MediaStore,
    private readonly ring: RecentPicks,
    private readonly log?: PickerLogger,
  ) {}

  /** Up to `amount` distinct items of the pool; fewer when the pool holds fewer, none when it is empty. */
  async pick(pool: string, client: string, amount = 1): Promise<MediaItem[]> {
    const items = await this.store.poolItems(pool);
    if (items.length === 0) return [];
    const k = ringSize(items.length);
    if (k === 0) return pickAvoiding(items, [], amount);
    let recent: number[] = [];
    try {
      recent = (await this.ring.recent(pool, client)).slice(0, k);
    } catch (error) {
      // A ring that cannot be read costs variety, not availability.
      this.log?.warn({ err: error }, 'anti-duplicate ring unavailable');
    }
    const picked = pickAvoiding(items, recent, amount);
    await this.ring
      .remember(
        pool,
        client,
        picked.map((item) => item.id),
      )
      .catch((error: unknown) => {
        this.log?.warn({ err: error }, 'anti-duplicate ring not updated');
      });
    return picked;
  }

  /** One item from one of the pools, the pool chosen at random among those that have items. */
  async pickAcross(pools: readonly string[], client: string): Promise<MediaItem | undefined> {
    // One grouped count instead of a query per pool: the GIF shortcuts span 59 categories.
    const counts = await this.store.counts();
    const filled = pools.filter((pool) => (counts.get(pool) ?? 0) > 0);
    if (filled.length === 0) return undefined;
    const chosen = filled[Math.floor(Math.random() * filled.length)];
    return (await this.pick(chosen, client, 1))[0];
  }
}
