import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { IMMUTABLE_FILES } from '../../lib/http/cache-control.js';
import { LOGO_FILE_NAME, logoDir } from './logo-store.js';
import { sweepOrphanLogos } from './logo-sweep.js';

/**
 * Stored logos at /api/groups/logos/NAME. A name is never reused for other bytes, so responses
 * are cacheable for a year as immutable; ETag, Last-Modified and Range come with @fastify/static.
 */
export const logoRoutes: FastifyPluginAsync = async (app) => {
  const root = logoDir(app.config.dataDir);
  mkdirSync(root, { recursive: true });
  // Tidy up after crashes, in the background: start-up never waits for it.
  app.addHook('onReady', async () => {
    sweepOrphanLogos(app.db, app.config.dataDir)
      .then((removed) => {
        if (removed.length > 0) app.log.info({ removed }, 'orphan logo files removed');
      })
      .catch((error) => app.log.warn({ err: error }, 'logo sweep failed'));
  });
  await app.register(fastifyStatic, {
    root,
    prefix: '/groups/logos/',
    ...IMMUTABLE_FILES,
    // Only names we generated: no temp files, nothing else that might end up in the folder.
    allowedPath: (pathName) => LOGO_FILE_NAME.test(pathName.replace(/^\//, '')),
  });
};
