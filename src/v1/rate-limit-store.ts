import { createRequire } from 'node:module';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { type CountCallback, LeasingCounter } from './rate-limit-lease.js';

type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
type BuiltInStore = FastifyRateLimitStore;
interface StoreSettings {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}

// The plugin's in-memory store, which its package does not export by name.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => BuiltInStore;

/** The plugin's in-memory store (an LRU of 5,000 keys), counting as @fastify/rate-limit does. */
export function localStore(): FastifyRateLimitStore {
  return new LocalStore(false, false);
}

/** What counts in Redis: the leasing counter (rate-limit-lease.ts). */
type SharedCounter = Pick<LeasingCounter, 'incr'>;

/**
 * The shared budget in Redis, counted with leases of up to `maxLease` counts
 * (rate-limit-lease.ts), and this instance's own in memory while Redis is unreachable: a
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
  maxLease: number,
): FastifyRateLimitStoreCtor {
  return class SharedOrLocalStore implements FastifyRateLimitStore {
    private readonly shared: SharedCounter;
    private readonly local: BuiltInStore;

    constructor(options: FastifyRateLimitOptions, stores?: { shared: SharedCounter; local: BuiltInStore }) {
      const { continueExceeding, exponentialBackoff } = options as StoreSettings;
      this.shared = stores?.shared ?? new LeasingCounter(redis, nameSpace, maxLease);
      this.local = stores?.local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    incr(key: string, callback: CountCallback, timeWindow: number, max: number): void {
      const locally = () => {
        onScope(true);
        this.local.incr(key, callback, timeWindow, max);
      };
      this.shared.incr(
        key,
        (error, result, fromLease) => {
          if (error) return locally();
          // A count from a lease says nothing of whether Redis answers now.
          if (!fromLease) onScope(false);
          callback(null, result);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      // The same shared counter: every route of the API draws on one budget per client.
      return new SharedOrLocalStore(routeOptions as unknown as FastifyRateLimitOptions, {
        shared: this.shared,
        local: this.local.child(routeOptions),
      });
    }
  };
}
