import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when REDIS_URL is set; every key goes under `config.redisPrefix`. */
    redis: Redis | null;
  }
}

async function redisPlugin(app: FastifyInstance) {
  const { config } = app;
  if (!config.redisUrl) {
    app.decorate('redis', null);
    return;
  }
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
  });
  redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
  await redis.connect();
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
}

export default fp(redisPlugin, { name: 'redis', decorators: { fastify: ['config'] } });
