import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { BusMessage, JobRecord, JobState } from '../job.js';
import type { JobStore } from './job-store.js';

/** SET only while the stored record's state is ARGV[3]: one step on the server, so no other write slips in. */
const UPDATE_WHILE = `
local raw = redis.call('GET', KEYS[1])
if not raw or cjson.decode(raw).state ~= ARGV[3] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return 1`;

/**
 * Creates a job unless its client already has ARGV[1] active ones (a negative limit: no limit).
 * KEYS: the client's set, the record, the waiting line, the line's sequence. The count and the
 * check happen on the server in one step, so concurrent submissions on any instances cannot all
 * pass the check before any of them is counted.
 */
const CREATE_WITHIN_LIMIT = `
local limit = tonumber(ARGV[1])
if limit >= 0 and redis.call('SCARD', KEYS[1]) >= limit then return 0 end
local seq = redis.call('INCR', KEYS[4])
redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
redis.call('ZADD', KEYS[3], seq, ARGV[4])
redis.call('SADD', KEYS[1], ARGV[4])
-- A crashed instance must not block a client for ever.
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1`;

/**
 * The shared store: records as JSON strings with a TTL, the waiting line as a sorted set (so a
 * position is one ZRANK), per-client sets for the limit, and one pub/sub channel that every
 * instance listens on to fan events out to its own sockets.
 */
export class RedisJobStore implements JobStore {
  private readonly subscriber: Redis;
  private readonly local = new EventEmitter().setMaxListeners(0);
  private readonly channel: string;
  private ready: Promise<unknown>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** How long a record is kept after it was last written. */
    private readonly recordTtlSeconds: number,
  ) {
    this.channel = `${prefix}dl:events`;
    this.subscriber = redis.duplicate();
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      try {
        this.local.emit('message', JSON.parse(raw) as BusMessage);
      } catch {
        // Not one of ours; nothing to fan out.
      }
    });
    this.ready = this.subscriber.subscribe(this.channel);
  }

  private key(id: string) {
    return `${this.prefix}dl:job:${id}`;
  }

  private clientKey(client: string) {
    return `${this.prefix}dl:client:${client}`;
  }

  async create(job: JobRecord, activeLimit?: number): Promise<boolean> {
    const created = await this.redis.eval(
      CREATE_WITHIN_LIMIT,
      4,
      this.clientKey(job.client),
      this.key(job.id),
      `${this.prefix}dl:line`,
      `${this.prefix}dl:seq`,
      activeLimit === undefined || !Number.isFinite(activeLimit) ? -1 : activeLimit,
      JSON.stringify(job),
      this.recordTtlSeconds,
      job.id,
    );
    return created === 1;
  }

  async get(id: string): Promise<JobRecord | null> {
    const raw = await this.redis.get(this.key(id));
    return raw ? (JSON.parse(raw) as JobRecord) : null;
  }

  async put(job: JobRecord): Promise<void> {
    await this.redis.set(this.key(job.id), JSON.stringify(job), 'EX', this.recordTtlSeconds);
  }

  async update(job: JobRecord, whileIn: JobState): Promise<boolean> {
    const done = await this.redis.eval(
      UPDATE_WHILE,
      1,
      this.key(job.id),
      JSON.stringify(job),
      this.recordTtlSeconds,
      whileIn,
    );
    return done === 1;
  }

  async position(id: string): Promise<number | null> {
    const rank = await this.redis.zrank(`${this.prefix}dl:line`, id);
    return rank === null ? null : rank + 1;
  }

  async leaveLine(id: string): Promise<void> {
    await this.redis.zrem(`${this.prefix}dl:line`, id);
  }

  async activeCount(client: string): Promise<number> {
    return this.redis.scard(this.clientKey(client));
  }

  async release(job: JobRecord): Promise<void> {
    await this.redis.srem(this.clientKey(job.client), job.id);
  }

  async delete(id: string): Promise<void> {
    await this.redis.del(this.key(id));
  }

  async publish(message: BusMessage): Promise<void> {
    await this.redis.publish(this.channel, JSON.stringify(message));
  }

  subscribe(listener: (message: BusMessage) => void): () => void {
    this.local.on('message', listener);
    return () => this.local.off('message', listener);
  }

  /** Resolves once this instance hears the channel (tests wait for it before publishing). */
  async listening(): Promise<void> {
    await this.ready;
  }

  async close(): Promise<void> {
    this.local.removeAllListeners();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}
