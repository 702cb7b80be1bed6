import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { settlesWithin } from '../lib/settles-within.js';
import type { SharedCache } from '../lib/shared-cache.js';

/**
 * With Redis, a write on one instance empties that cache on every instance, through Redis pub/sub
 * on one channel per cache (`topic`) under the deployment's key prefix: a verified group is public
 * at once wherever the next request lands, a logout ends the session everywhere, not after the
 * cache's time. Without Redis nothing is shared (one instance on SQLite needs nothing; on
 * PostgreSQL these caches are off by default, see config.ts).
 *
 * The write awaits its PUBLISH: Redis has handed the message to every subscriber before the
 * writer answers its client. A subscriber needs a connection of its own (a subscribed connection
 * takes no other commands), duplicated from app.redis and closed with the app. If Redis drops
 * messages while a subscriber is disconnected, that instance empties its cache when it is back,
 * rather than trust what it holds.
 */
export async function shareCache<Value>(
  app: FastifyInstance,
  cache: SharedCache<Value>,
  topic: string,
): Promise<void> {
  const redis = app.redis;
  if (!redis) return;
  const channel = `${app.config.redisPrefix}${topic}:invalidate`;
  // Our own messages come back to us too; this instance has already emptied its cache.
  const me = randomUUID();

  cache.shareWith(async () => {
    // The write itself has been made; a Redis failure must not turn it into an error. Other
    // instances then catch up within the cache's time.
    await redis
      .publish(channel, me)
      .catch((error) => app.log.warn({ err: error, cache: topic }, 'cache invalidation not published'));
  });

  // An instance that caches nothing has nothing to empty; it only tells the others.
  if (cache.ttlMs <= 0) return;
  // Subscribed at every (re)connect by this code rather than ioredis' autoResubscribe, whose
  // SUBSCRIBE after a reconnect rejects unhandled when the connection closes again before Redis
  // answers (a test that stops the app right after Redis returns saw it). Until it is subscribed,
  // and whenever the connection is lost, this instance caches nothing (the outage itself the redis
  // plugin logs); start-up is not held up by a Redis that is down.
  cache.hearsOthers = false;
  const subscriber = redis.duplicate({
    lazyConnect: false,
    enableOfflineQueue: false,
    autoResubscribe: false,
    commandTimeout: undefined,
  });
  let firstSubscribed: () => void = () => undefined;
  const first = new Promise<void>((resolve) => {
    firstSubscribed = resolve;
  });
  subscriber.on('error', () => undefined);
  subscriber.on('message', (from, sender) => {
    if (from === channel && sender !== me) cache.clear();
  });
  subscriber.on('close', () => {
    cache.hearsOthers = false;
  });
  subscriber.on('ready', () => {
    // Connected again: what was missed while away is dropped, then this instance listens again.
    cache.clear();
    subscriber.subscribe(channel).then(
      () => {
        cache.hearsOthers = true;
        firstSubscribed();
      },
      () => undefined, // the connection closed first; the next 'ready' tries again
    );
  });
  app.addHook('onClose', async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  });
  // With Redis there, start listening before the first request; without it, start all the same.
  if (redis.status === 'ready') await settlesWithin(first, 2000);
}
