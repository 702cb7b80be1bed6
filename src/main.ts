import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { collectGarbageSoon } from './lib/collect-garbage-soon.js';

/** The service itself: loaded by server.ts once the supported-Node check and the compile cache are in place. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    config = loadConfig();
    // buildApp holds the ADMIN_* account to the rules of registration before it opens anything.
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // SIGTERM/SIGINT: stop accepting, let requests in flight finish, close the database and Redis.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  // Read (and log) the engine versions now, in the background, so a stale yt-dlp shows at start.
  void app.engines.report();
  collectGarbageSoon();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
