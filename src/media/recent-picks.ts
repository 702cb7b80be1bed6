import type { Redis } from 'ioredis';
import { RING_CAPACITY } from './pick.js';

/**
 * The anti-duplicate ring: the latest picks per pool and client, newest first. In Redis when
 * configured, so every instance sees the same ring; otherwise in this process.
 */
export interface RecentPicks {
  recent(pool: string, client: string): Promise<number[]>;
  remember(pool: string, client: string, ids: readonly number[]): Promise<void>;
}

/** A client's ring is forgotten after a day without picks. */
const RING_TTL_SECONDS = 86_400;

export class MemoryRecentPicks implements RecentPicks {
  private readonly rings = new Map<string, number[]>();

  /** Bounded, so that a flood of client addresses cannot grow the process without end. */
  constructor(private readonly maxKeys = 50_000) {}

  async recent(pool: string, client: string): Promise<number[]> {
    return this.rings.get(`${pool}\u0000${client}`) ?? [];
  }

  async remember(pool: string, client: string, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const key = `${pool}\u0000${client}`;
    const ring = [...[...ids].reverse(), ...(this.rings.get(key) ?? [])].slice(0, RING_CAPACITY);
    // Re-inserting moves the key to the end, so the oldest-used key is the first to go.
    this.rings.delete(key);
    this.rings.set(key, ring);
    if (this.rings.size > this.maxKeys) {
      const oldest = this.rings.keys().next().value;
      if (oldest !== undefined) this.rings.delete(oldest);
    }
  }
}

export class RedisRecentPicks implements RecentPicks {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(pool: string, client: string) {
    return `${this.prefix}media:ring:${pool}:${client}`;
  }

  async recent(pool: string, client: string): Promise<number[]> {
    const values = await this.redis.lrange(this.key(pool, client), 0, RING_CAPACITY - 1);
    return values.map(Number);
  }

  async remember(pool: string, client: string, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const key = this.key(pool, client);
    await this.redis
      .multi()
      .lpush(key, ...ids.map(String))
      .ltrim(key, 0, RING_CAPACITY - 1)
      .expire(key, RING_TTL_SECONDS)
      .exec();
  }
}
