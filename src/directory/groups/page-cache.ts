import { SharedCache } from '../../lib/shared-cache.js';

/**
 * A small cache of rendered public list pages (anonymous GET /api/groups), so that the busiest
 * read in the directory does not query and serialise 50 groups for every visitor. Every write that
 * can change a public page (verify, delete, like, unlike) invalidates it (lib/shared-cache.ts).
 */
export interface CachedPage {
  /** Encoded once: sending a Buffer costs no UTF-8 conversion per request. */
  body: Buffer;
  link?: string;
}

export class PageCache extends SharedCache<CachedPage> {}
