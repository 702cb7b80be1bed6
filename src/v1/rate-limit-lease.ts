import type { Redis } from 'ioredis';

/** A client's count in its window and the milliseconds left of the window, as the rate-limit plugin's stores give them. */
export type Counted = { current: number; ttl: number };
/** `fromLease`: counted from memory, without asking Redis. */
export type CountCallback = (error: Error | null, result?: Counted, fromLease?: boolean) => void;

/**
 * 2 % of the limit (120 a minute: 2; 6,000: 120): what unused leases can cost a client stays a
 * small part of its budget, and small limits (up to 99) count exactly.
 */
export const defaultLease = (limit: number): number => Math.max(1, Math.floor(limit / 50));

/**
 * Reserves ARGV[2] consecutive counts of a window at once and starts the window with the first
 * reservation: the key and the counting of @fastify/rate-limit's own Redis store (INCR is INCRBY 1),
 * so instances of an older release share the budget with this one. Returns the new total and the
 * milliseconds left of the window.
 */
const RESERVE = `
local total = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if total == tonumber(ARGV[2]) or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {total, ttl}
`;

interface Lease {
  /** The next count of the shared window this instance may hand out. */
  next: number;
  /** The last count it reserved. */
  last: number;
  /** How many it reserved the last time. */
  size: number;
  /** When the shared window ends (Date.now() time). */
  windowEnds: number;
}

/** More clients than this with a lease, and the oldest ones are forgotten (they ask Redis again). */
const MAX_LEASES = 10_000;

declare module 'ioredis' {
  interface RedisCommander {
    kizunaReserve(
      key: string,
      windowMs: number,
      units: number,
      callback: (error: Error | null, result: [number, number]) => void,
    ): void;
  }
}

/**
 * The shared per-client budget in Redis, counted with leases: an instance reserves a run of a
 * client's counts at once and hands them out from memory, so a busy client does not cost a Redis
 * round trip on every request. A client's first request of a window reserves one count; each time
 * a lease runs out within the window the next one is twice as large, up to `maxLease`, and never
 * past the limit. A lease grows only when the one before it ran out, so a client that asks a few
 * times a minute leaves at most a count or two unused.
 *
 * Every count is handed out once across all instances (INCRBY gives each reservation its own
 * numbers), and only counts up to the limit let a request through, so no client gets more than
 * the limit in a window. What a lease costs is the other way: counts an instance reserved and did
 * not use before the window ended still count, so with N instances a client may be refused up to
 * N × (maxLease − 1) requests before its limit, and RateLimit-Remaining is lower by as much.
 * With `maxLease` 1 every request makes its round trip and the counts are exact.
 *
 * Once a client is past its limit in a window, this instance refuses it from memory until the
 * window ends, without asking Redis.
 */
export class LeasingCounter {
  readonly #leases = new Map<string, Lease>();
  readonly #waiting = new Map<string, Array<{ callback: CountCallback; windowMs: number; max: number }>>();

  constructor(
    private readonly redis: Redis,
    private readonly nameSpace: string,
    private readonly maxLease: number,
  ) {
    if (!redis.kizunaReserve) redis.defineCommand('kizunaReserve', { numberOfKeys: 1, lua: RESERVE });
  }

  incr(key: string, callback: CountCallback, windowMs: number, max: number): void {
    if (this.#fromLease(key, callback, max)) return;
    // One reservation in flight per client: the requests that come meanwhile wait for it, so a
    // burst neither makes a round trip each nor strands the rest of a lease it replaced.
    const waiting = this.#waiting.get(key);
    if (waiting) {
      waiting.push({ callback, windowMs, max });
      return;
    }
    this.#waiting.set(key, []);
    this.#reserve(key, callback, windowMs, max);
  }

  /** Answers from this instance's lease where it can; false when Redis must be asked. */
  #fromLease(key: string, callback: CountCallback, max: number): boolean {
    const lease = this.#leases.get(key);
    if (!lease) return false;
    const ttl = lease.windowEnds - Date.now();
    if (ttl <= 0) {
      this.#leases.delete(key);
      return false;
    }
    if (lease.next <= lease.last) {
      callback(null, { current: lease.next++, ttl }, true);
      return true;
    }
    if (lease.last >= max) {
      callback(null, { current: lease.last + 1, ttl }, true);
      return true;
    }
    return false;
  }

  #reserve(key: string, callback: CountCallback, windowMs: number, max: number): void {
    // A lease here is used up: the next one is twice as large, within the cap and the limit.
    const spent = this.#leases.get(key);
    const units = spent ? Math.max(1, Math.min(spent.size * 2, this.maxLease, max - spent.last)) : 1;
    this.redis.kizunaReserve(this.nameSpace + key, windowMs, units, (error, result) => {
      const waiting = this.#waiting.get(key) ?? [];
      this.#waiting.delete(key);
      if (error) {
        callback(error);
        for (const request of waiting) request.callback(error);
        return;
      }
      const [total, ttl] = result;
      const reserved: Lease = {
        next: total - units + 1,
        last: total,
        size: units,
        windowEnds: Date.now() + ttl,
      };
      const current = reserved.next++;
      this.#remember(key, reserved);
      callback(null, { current, ttl });
      for (const request of waiting) this.incr(key, request.callback, request.windowMs, request.max);
    });
  }

  #remember(key: string, lease: Lease): void {
    this.#leases.delete(key);
    this.#leases.set(key, lease);
    if (this.#leases.size > MAX_LEASES) {
      const oldest = this.#leases.keys().next().value as string;
      this.#leases.delete(oldest);
    }
  }
}
