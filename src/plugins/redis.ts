import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis, RedisOptions } from 'ioredis';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Present when REDIS_URL is set; every key goes under `config.redisPrefix`. It may be down:
     * commands then fail at once (or after REDIS_COMMAND_TIMEOUT_MS when Redis hangs), and each
     * user falls back or answers 503 (see "Running several instances" in the README).
     */
    redis: Redis | null;
  }
}

/**
 * Fail fast, recover by itself. While Redis is unreachable a command is refused at once instead
 * of waiting in ioredis' offline queue for a reconnect (requests stalled for seconds that way),
 * and a command Redis does not answer gives up after the command timeout. Reconnects go on for
 * ever, at most a second apart, so an instance is whole again within seconds of Redis' return.
 */
function failFastOptions(config: Pick<Config, 'redisCommandTimeoutMs'>): RedisOptions {
  return {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: config.redisCommandTimeoutMs,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  };
}

/** Logs an outage once when it starts and once when it ends, not at every reconnect attempt. */
function logOutages(redis: Redis, log: FastifyBaseLogger): void {
  let down = false;
  const lost = (error?: Error) => {
    if (down || redis.status === 'end') return;
    down = true;
    log.warn(
      { err: error },
      'Redis is unreachable: shared rate limits fall back to per-instance budgets, downloads answer 503, /readyz says redis down; reconnecting',
    );
  };
  redis.on('error', lost);
  redis.on('close', () => lost());
  redis.on('ready', () => {
    if (down) log.info('Redis is back');
    down = false;
  });
}

async function redisPlugin(app: FastifyInstance) {
  const { config } = app;
  if (!config.redisUrl) {
    app.decorate('redis', null);
    return;
  }
  // ioredis loads only when REDIS_URL is set.
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redisUrl, failFastOptions(config));
  logOutages(redis, app.log);
  // An instance starts with Redis down (not ready, see /readyz) and connects once Redis is there.
  await redis.connect().catch(() => undefined);
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
}

export default fp(redisPlugin, { name: 'redis', decorators: { fastify: ['config'] } });
