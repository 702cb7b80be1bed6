import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createMediaContext } from '../media/media-context.js';
import { registerOpenCors } from '../open-cors.js';
import { nekosBestRoutes } from './nekos-best-routes.js';
import { waifuPicsManyRoutes, waifuPicsOneRoutes } from './waifu-pics-routes.js';

/**
 * The compatibility mounts (docs/compatibility.md): nekos.best v2 at /api/v2 and waifu.pics at
 * /sfw and /many, so bots switch by changing only the host. Same media store, same open CORS and
 * the same per-IP rate limit as /api/v1 (registered around both by the public API plugin).
 */
export const compatArea: FastifyPluginAsyncTypebox = async (app) => {
  const media = createMediaContext(app);
  // Each mount under its own prefix with its own CORS: a CORS plugin at the root would answer the
  // preflights of the directory too.
  for (const [prefix, routes] of [
    ['/api/v2', nekosBestRoutes],
    ['/sfw', waifuPicsOneRoutes],
    ['/many', waifuPicsManyRoutes],
  ] as const) {
    await app.register(
      async (mount) => {
        await registerOpenCors(mount);
        await mount.register(routes, { media });
      },
      { prefix },
    );
  }
};
