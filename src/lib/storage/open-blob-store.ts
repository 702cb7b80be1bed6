import { join } from 'node:path';
import type { BlobStore } from './blob-store.js';
import { DiskBlobBackend } from './disk-blob-backend.js';
import { type S3BackendOptions, S3BlobBackend } from './s3-blob-backend.js';
import type { StorageSettings } from './storage-url.js';

export interface OpenOptions extends S3BackendOptions {
  /** The default disk root, and where local scratch files go. */
  dataDir: string;
}

/** The backend STORAGE_URL selects (storage-url.ts); adding a backend is one more branch here. */
export function openBlobStore(settings: StorageSettings, options: OpenOptions): BlobStore {
  if (settings.kind === 's3') {
    return new S3BlobBackend(settings, { scratchDir: scratchDirOf(options.dataDir, 'copies'), ...options });
  }
  return new DiskBlobBackend(settings.root ?? options.dataDir);
}

/**
 * Local scratch space below DATA_DIR/tmp: engines' work folders, files being probed, local copies.
 * Never shared, never served; whatever another instance needs goes into the blob store.
 */
export function scratchDirOf(dataDir: string, area: string): string {
  return join(dataDir, 'tmp', area);
}
