import { createRequire } from 'node:module';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
type BuiltInStore = FastifyRateLimitStore;
interface StoreSettings {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}

// The plugin's own two stores, which its package does not export by name.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => BuiltInStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => BuiltInStore;

/** The plugin's in-memory store (an LRU of 5,000 keys), counting as @fastify/rate-limit does. */
export function localStore(): FastifyRateLimitStore {
  return new LocalStore(false, false);
}

/**
 * The shared budget in Redis, and this instance's own in memory while Redis is unreachable: a
 * Redis outage must neither fail requests (the plugin's choice without skipOnError) nor lift the
 * limit altogether (its choice with it). While Redis is down the app's connection refuses a command
 * at once, so trying first costs nothing. `onScope` hears, at every count, whether it was local.
 * A client may then get up to one budget per instance; the local counts are dropped as soon as
 * Redis answers again.
 */
export function sharedOrLocalStore(
  redis: Redis,
  nameSpace: string,
  onScope: (local: boolean) => void,
): FastifyRateLimitStoreCtor {
  return class SharedOrLocalStore implements FastifyRateLimitStore {
    private readonly shared: BuiltInStore;
    private readonly local: BuiltInStore;

    constructor(options: FastifyRateLimitOptions, stores?: { shared: BuiltInStore; local: BuiltInStore }) {
      const { continueExceeding, exponentialBackoff } = options as StoreSettings;
      this.shared = stores?.shared ?? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      this.local = stores?.local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const locally = () => {
        onScope(true);
        this.local.incr(key, callback, timeWindow, max);
      };
      this.shared.incr(
        key,
        (error, result) => {
          if (error) return locally();
          onScope(false);
          callback(null, result);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      return new SharedOrLocalStore(routeOptions as unknown as FastifyRateLimitOptions, {
        shared: this.shared.child(routeOptions),
        local: this.local.child(routeOptions),
      });
    }
  };
}
