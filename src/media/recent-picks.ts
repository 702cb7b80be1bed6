import type { Redis } from 'ioredis';
import { chooseAvoiding, RING_CAPACITY } from './pick.js';

/**
 * The anti-duplicate ring: the latest picks per pool and client, newest first. In Redis when
 * configured, so every instance sees the same ring; otherwise in this process.
 */
export interface RecentPicks {
  recent(pool: string, client: string): Promise<number[]>;
  remember(pool: string, client: string, ids: readonly number[]): Promise<void>;
  /**
   * Reads the `k` latest picks, chooses `amount` of the candidates avoiding them (chooseAvoiding)
   * and records the choice, as one step: parallel requests of one client each see the picks of
   * the others. Reading and writing apart (read, await, write) let them all read the same ring.
   */
  reserve(
    pool: string,
    client: string,
    k: number,
    candidates: readonly number[],
    amount: number,
  ): Promise<number[]>;
  /** reserve() at once, where the ring is in this process; not there where it must be asked for. */
  reserveNow?(
    pool: string,
    client: string,
    k: number,
    candidates: readonly number[],
    amount: number,
  ): number[];
}

/** A client's ring is forgotten after a day without picks. */
const RING_TTL_SECONDS = 86_400;

export class MemoryRecentPicks implements RecentPicks {
  private readonly rings = new Map<string, number[]>();

  /** Bounded, so that a flood of client addresses cannot grow the process without end. */
  constructor(private readonly maxKeys = 50_000) {}

  async recent(pool: string, client: string): Promise<number[]> {
    return this.rings.get(ringKey(pool, client)) ?? [];
  }

  async remember(pool: string, client: string, ids: readonly number[]): Promise<void> {
    this.rememberAt(ringKey(pool, client), ids);
  }

  async reserve(
    pool: string,
    client: string,
    k: number,
    candidates: readonly number[],
    amount: number,
  ): Promise<number[]> {
    return this.reserveNow(pool, client, k, candidates, amount);
  }

  reserveNow(
    pool: string,
    client: string,
    k: number,
    candidates: readonly number[],
    amount: number,
  ): number[] {
    // Synchronous between reading and writing: nothing else in this process runs in between.
    const key = ringKey(pool, client);
    const ring = this.rings.get(key);
    const recent = k > 0 ? (ring?.slice(0, k) ?? []) : [];
    const picked = chooseAvoiding(candidates, recent, amount);
    this.rememberAt(key, picked, ring);
    return picked;
  }

  /** Puts `ids` in front of the ring, the last of them first: one new array of at most 16 per pick. */
  private rememberAt(key: string, ids: readonly number[], previous = this.rings.get(key)): void {
    if (ids.length === 0) return;
    const ring: number[] = [];
    for (let i = ids.length - 1; i >= 0 && ring.length < RING_CAPACITY; i--) ring.push(ids[i]);
    if (previous)
      for (let i = 0; i < previous.length && ring.length < RING_CAPACITY; i++) ring.push(previous[i]);
    // Re-inserting moves the key to the end, so the oldest-used key is the first to go.
    this.rings.delete(key);
    this.rings.set(key, ring);
    if (this.rings.size > this.maxKeys) {
      const oldest = this.rings.keys().next().value;
      if (oldest !== undefined) this.rings.delete(oldest);
    }
  }
}

const ringKey = (pool: string, client: string) => `${pool}\u0000${client}`;

/**
 * chooseAvoiding in Lua, so that Redis reads the ring, chooses and writes it back atomically
 * (a script runs alone). KEYS[1] the ring; ARGV: k, amount, capacity, ttl, then the candidates
 * in random order. Returns the chosen ids.
 */
const RESERVE_SCRIPT = `
local k = tonumber(ARGV[1])
local amount = tonumber(ARGV[2])
local recent = {}
if k > 0 then recent = redis.call('LRANGE', KEYS[1], 0, k - 1) end
local avoid = {}
for _, id in ipairs(recent) do avoid[id] = true end
local picked = {}
local taken = {}
for i = 5, #ARGV do
  if #picked >= amount then break end
  local id = ARGV[i]
  if not avoid[id] then
    picked[#picked + 1] = id
    taken[id] = true
  end
end
if #picked < amount then
  local inPool = {}
  for i = 5, #ARGV do inPool[ARGV[i]] = true end
  for i = #recent, 1, -1 do
    if #picked >= amount then break end
    local id = recent[i]
    if inPool[id] and not taken[id] then
      picked[#picked + 1] = id
      taken[id] = true
    end
  end
end
if #picked > 0 then
  redis.call('LPUSH', KEYS[1], unpack(picked))
  redis.call('LTRIM', KEYS[1], 0, tonumber(ARGV[3]) - 1)
  redis.call('EXPIRE', KEYS[1], tonumber(ARGV[4]))
end
return picked
`;

type ReserveCommand = (key: string, ...args: string[]) => Promise<string[]>;

/**
 * The ring in Redis. While Redis is unreachable it is kept in this process instead (variety per
 * instance rather than none, and no request waits on Redis); those picks are not carried over.
 */
export class RedisRecentPicks implements RecentPicks {
  private readonly reserveCommand: ReserveCommand;
  private readonly fallback = new MemoryRecentPicks(5_000);

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    // defineCommand sends the script once and then calls it by its SHA (EVALSHA).
    const name = 'kizunaReserveRecentPicks';
    if (!(name in redis)) redis.defineCommand(name, { numberOfKeys: 1, lua: RESERVE_SCRIPT });
    const command = (redis as unknown as Record<string, ReserveCommand>)[name];
    this.reserveCommand = command.bind(redis);
  }

  private key(pool: string, client: string) {
    return `${this.prefix}media:ring:${pool}:${client}`;
  }

  /**
   * The shared ring's answer, or the local ring's when Redis fails to answer (at once while it is
   * down: the app's connection refuses commands then rather than queueing them).
   */
  private async shared<T>(work: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch {
      return local();
    }
  }

  async recent(pool: string, client: string): Promise<number[]> {
    return this.shared(
      async () => (await this.redis.lrange(this.key(pool, client), 0, RING_CAPACITY - 1)).map(Number),
      () => this.fallback.recent(pool, client),
    );
  }

  async remember(pool: string, client: string, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const key = this.key(pool, client);
    await this.shared(
      async () => {
        await this.redis
          .multi()
          .lpush(key, ...ids.map(String))
          .ltrim(key, 0, RING_CAPACITY - 1)
          .expire(key, RING_TTL_SECONDS)
          .exec();
      },
      () => this.fallback.remember(pool, client, ids),
    );
  }

  async reserve(
    pool: string,
    client: string,
    k: number,
    candidates: readonly number[],
    amount: number,
  ): Promise<number[]> {
    return this.shared(
      async () => {
        const picked = await this.reserveCommand(
          this.key(pool, client),
          String(k),
          String(amount),
          String(RING_CAPACITY),
          String(RING_TTL_SECONDS),
          ...candidates.map(String),
        );
        return picked.map(Number);
      },
      () => this.fallback.reserve(pool, client, k, candidates, amount),
    );
  }
}
