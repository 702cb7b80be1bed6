/**
 * One server process for the benchmark: `baseline` is a bare Fastify app answering a constant JSON
 * object, and at /floor whatever answer it was last given (the contract floor,
 * lib/contract-floor.ts); `kizuna` is the real app on a scratch data directory, prepared by every
 * area's setup(). Prints "READY <port>" once it listens on 127.0.0.1.
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { buildApp as BuildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { deleteRedisKeys } from '../test/helpers/redis-keys.js';
import { loadAreas } from './lib/areas.js';
import type { RecordedAnswer } from './lib/contract-floor.js';

const [mode, dataDir, ...areaFilter] = process.argv.slice(2);

async function main() {
  if (mode === 'baseline') {
    const app = Fastify({ logger: false });
    app.get('/baseline', async () => ({ hello: 'world' }));
    // The contract floor: no hook, no work, the recorded answer's headers and bytes from memory.
    let floor = { status: 200, headers: {} as RecordedAnswer['headers'], body: Buffer.alloc(0) };
    app.put<{ Body: RecordedAnswer }>('/floor', { bodyLimit: 16 * 1024 * 1024 }, async (request, reply) => {
      const { status, headers, body } = request.body;
      floor = { status, headers, body: Buffer.from(body, 'base64') };
      return reply.code(204).send();
    });
    app.get('/floor', (_request, reply) => {
      reply.code(floor.status).headers(floor.headers).send(floor.body);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(`READY ${(app.server.address() as { port: number }).port}`);
    // An orderly exit, so that a `--cpu-prof` run of the baseline writes its profile too.
    process.on('SIGTERM', () => {
      app.close().then(() => process.exit(0));
    });
    return;
  }
  const redisUrl = process.env.BENCH_REDIS_URL || undefined;
  // Keys of its own, removed at exit: rate-limit counts and the queue's state of one server.
  const redisPrefix = `kizuna-bench:${process.pid}_${randomBytes(4).toString('hex')}:`;
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    REDIS_URL: redisUrl ?? '',
    REDIS_PREFIX: redisPrefix,
    // As `npm start` runs it: the log at its default level, which writes no line per request.
    LOG_LEVEL: 'info',
    // The limit stays on (its cost is part of every figure) but high enough never to trigger.
    RATE_LIMIT_PER_MINUTE: '1000000000',
    // The demo content's drawing and video encoding would run in the measured process, in the
    // background, for a minute or more on a busy machine, and count in every figure taken meanwhile
    // (the media area imports the files it measures).
    DEMO_CONTENT: 'false',
    // Likewise the anime lists asked for at start: on a machine without internet their failure is
    // logged with a source-mapped stack (about 0.1 s of CPU once), inside the first load window.
    JIKAN_REFRESH_MINUTES: '0',
    ADMIN_USERNAME: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
  });
  // The compiled app `npm start` runs (dist/app.js, built by bench/run.ts), so that no figure
  // carries what running the TypeScript through tsx adds (its name-keeping helpers run per request);
  // BENCH_FROM_SOURCE=1 runs src/ instead (to profile with the sources' own lines).
  const { buildApp } = (await import(
    process.env.BENCH_FROM_SOURCE === '1' ? '../src/app.js' : '../dist/app.js'
  )) as { buildApp: typeof BuildApp };
  const app = await buildApp(config);
  for (const area of await loadAreas(areaFilter)) await area.setup?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`READY ${(app.server.address() as { port: number }).port}`);
  process.on('SIGTERM', () => {
    app
      .close()
      .then(() => (redisUrl ? deleteRedisKeys(redisUrl, redisPrefix) : undefined))
      .then(() => process.exit(0));
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
