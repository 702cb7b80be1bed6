import type { FastifyInstance } from 'fastify';
import { scratchDirOf } from '../../lib/storage/open-blob-store.js';
import { PoolAccess } from '../../media/categories.js';
import type { DemoContentJob } from '../../media/demo-content-job.js';
import { MediaPicker } from '../../media/media-picker.js';
import { MediaStore, storeConnectionOf } from '../../media/media-store.js';
import { MenuStore } from '../../media/menu-data.js';
import { MemoryRecentPicks, RedisRecentPicks } from '../../media/recent-picks.js';

/** What the media route files share; handed to each as plugin options. */
export interface MediaContext {
  store: MediaStore;
  picker: MediaPicker;
  access: PoolAccess;
  menus: MenuStore;
  /** The demo content generation, when DEMO_CONTENT is on: it knows why a pool is still empty. */
  demo?: DemoContentJob;
}

export function createMediaContext(app: FastifyInstance): MediaContext {
  const store = new MediaStore(app.db, app.blobs, {
    ffmpegPath: app.config.ffmpegPath,
    scratchDir: scratchDirOf(app.config.dataDir, 'media'),
    connection: storeConnectionOf(app.config),
  });
  const ring = app.redis ? new RedisRecentPicks(app.redis, app.config.redisPrefix) : new MemoryRecentPicks();
  let reported = '';
  const menus = new MenuStore(app.blobs, {
    onError: (error) => {
      // Once per distinct problem, not on every request that meets it.
      if (error.message !== reported)
        app.log.warn({ err: error }, 'menu data unreadable; using the last good menu');
      reported = error.message;
    },
  });
  return {
    store,
    picker: new MediaPicker(store, ring, app.log),
    access: new PoolAccess(app.config.privatePools),
    menus,
  };
}

export interface MediaRouteOptions {
  media: MediaContext;
}
