import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { BusMessage, JobRecord, JobState } from '../job.js';
import { reach } from '../unreachable.js';
import type { JobStore } from './job-store.js';

/**
 * SET only while the stored record's state is ARGV[3] (and, when that is running, its attempt is
 * ARGV[4]): one step on the server, so no other write slips in.
 */
const UPDATE_WHILE = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local stored = cjson.decode(raw)
if stored.state ~= ARGV[3] then return 0 end
if ARGV[3] == 'running' and (tonumber(stored.attempt) or 0) ~= tonumber(ARGV[4]) then return 0 end
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
 *
 * Commands go through the app's connection, which fails at once while Redis is down. The channel
 * has a connection of its own that reconnects by itself and subscribes again each time; between
 * losing it and having it back this instance does not follow the others (`following()`), and its
 * listeners are told so once (`interrupted`).
 */
export class RedisJobStore implements JobStore {
  private readonly subscriber: Redis;
  private readonly local = new EventEmitter().setMaxListeners(0);
  private readonly channel: string;
  private readonly firstSubscription: Promise<void>;
  private isFollowing = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** How long a record is kept after it was last written. */
    private readonly recordTtlSeconds: number,
  ) {
    this.channel = `${prefix}dl:events`;
    this.subscriber = redis.duplicate({
      lazyConnect: false,
      enableOfflineQueue: true,
      commandTimeout: undefined,
      autoResubscribe: false,
    });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      try {
        this.local.emit('message', JSON.parse(raw) as BusMessage);
      } catch {
        // Not one of ours; nothing to fan out.
      }
    });
    let subscribed = () => {};
    this.firstSubscription = new Promise((resolve) => {
      subscribed = resolve;
    });
    this.subscriber.on('ready', () => {
      this.subscriber.subscribe(this.channel).then(
        () => {
          this.isFollowing = true;
          subscribed();
        },
        () => undefined, // lost again at once; the next 'ready' tries again
      );
    });
    this.subscriber.on('close', () => {
      if (!this.isFollowing) return;
      this.isFollowing = false;
      this.local.emit('message', { kind: 'interrupted' } satisfies BusMessage);
    });
  }

  private key(id: string) {
    return `${this.prefix}dl:job:${id}`;
  }

  private clientKey(client: string) {
    return `${this.prefix}dl:client:${client}`;
  }

  async create(job: JobRecord, activeLimit?: number): Promise<boolean> {
    const created = await reach(() =>
      this.redis.eval(
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
      ),
    );
    return created === 1;
  }

  async get(id: string): Promise<JobRecord | null> {
    const raw = await reach(() => this.redis.get(this.key(id)));
    return raw ? (JSON.parse(raw) as JobRecord) : null;
  }

  async put(job: JobRecord): Promise<void> {
    await reach(() => this.redis.set(this.key(job.id), JSON.stringify(job), 'EX', this.recordTtlSeconds));
  }

  async update(job: JobRecord, whileIn: JobState): Promise<boolean> {
    const done = await reach(() =>
      this.redis.eval(
        UPDATE_WHILE,
        1,
        this.key(job.id),
        JSON.stringify(job),
        this.recordTtlSeconds,
        whileIn,
        job.attempt ?? 0,
      ),
    );
    return done === 1;
  }

  async position(id: string): Promise<number | null> {
    const rank = await reach(() => this.redis.zrank(`${this.prefix}dl:line`, id));
    return rank === null ? null : rank + 1;
  }

  async leaveLine(id: string): Promise<void> {
    await reach(() => this.redis.zrem(`${this.prefix}dl:line`, id));
  }

  async activeCount(client: string): Promise<number> {
    return reach(() => this.redis.scard(this.clientKey(client)));
  }

  async release(job: JobRecord): Promise<void> {
    await reach(() => this.redis.srem(this.clientKey(job.client), job.id));
  }

  async delete(id: string): Promise<void> {
    await reach(() => this.redis.del(this.key(id)));
  }

  async publish(message: BusMessage): Promise<void> {
    await reach(() => this.redis.publish(this.channel, JSON.stringify(message)));
  }

  subscribe(listener: (message: BusMessage) => void): () => void {
    this.local.on('message', listener);
    return () => this.local.off('message', listener);
  }

  following(): boolean {
    return this.isFollowing;
  }

  /** Resolves once this instance first hears the channel (tests wait for it before publishing). */
  async listening(): Promise<void> {
    await this.firstSubscription;
  }

  async close(): Promise<void> {
    this.local.removeAllListeners();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}
