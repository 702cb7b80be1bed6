/**
 * One server process for the benchmark: `baseline` is a bare Fastify app answering a constant JSON
 * object; `kizuna` is the real app on a scratch data directory, prepared by every area's setup().
 * Prints "READY <port>" once it listens on 127.0.0.1.
 */
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { loadAreas } from './lib/areas.js';

const [mode, dataDir, ...areaFilter] = process.argv.slice(2);

async function main() {
  if (mode === 'baseline') {
    const app = Fastify({ logger: false });
    app.get('/baseline', async () => ({ hello: 'world' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(`READY ${(app.server.address() as { port: number }).port}`);
    // An orderly exit, so that a `--cpu-prof` run of the baseline writes its profile too.
    process.on('SIGTERM', () => {
      app.close().then(() => process.exit(0));
    });
    return;
  }
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
    // As `npm start` runs it: the log at its default level, which writes no line per request.
    LOG_LEVEL: 'info',
    // The limit stays on (its cost is part of every figure) but high enough never to trigger.
    RATE_LIMIT_PER_MINUTE: '1000000000',
    // The demo content's drawing and video encoding would run in the measured process, in the
    // background, for a minute or more on a busy machine, and count in every figure taken meanwhile
    // (the media area imports the files it measures).
    DEMO_CONTENT: 'false',
    ADMIN_USERNAME: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
  });
  const app = await buildApp(config);
  for (const area of await loadAreas(areaFilter)) await area.setup?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`READY ${(app.server.address() as { port: number }).port}`);
  process.on('SIGTERM', () => {
    app.close().then(() => process.exit(0));
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
