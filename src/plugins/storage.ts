import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BlobStore } from '../lib/storage/blob-store.js';
import { openBlobStore } from '../lib/storage/open-blob-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every file another instance may have to serve: logos, media, finished downloads (docs/storage.md). */
    blobs: BlobStore;
  }
}

/** Partial writes younger than this may belong to an upload still running (here or on another instance). */
const PARTIAL_GRACE_MS = 3600_000;

/**
 * Opens the blob store STORAGE_URL selects and closes it with the app. Opening contacts nothing: a
 * store that is down at start-up makes the requests that need it fail (503), not the start.
 */
async function storagePlugin(app: FastifyInstance) {
  const { config } = app;
  const blobs = openBlobStore(config.storage, { dataDir: config.dataDir });
  app.decorate('blobs', blobs);
  app.log.info({ storage: blobs.description }, 'file storage');
  app.addHook('onReady', async () => {
    // In the background: start-up never waits for the tidying.
    blobs
      .sweepPartials(PARTIAL_GRACE_MS)
      .then((removed) => {
        if (removed > 0) app.log.info({ removed }, 'partial files of interrupted writes removed');
      })
      .catch((error) => app.log.warn({ err: error }, 'partial file sweep failed'));
  });
  app.addHook('onClose', async () => {
    await blobs.close();
  });
}

export default fp(storagePlugin, { name: 'storage', decorators: { fastify: ['config'] } });
