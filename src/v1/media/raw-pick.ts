import type { FastifyRequest } from 'fastify';
import { rangeContinuesDownload } from '../../lib/http/byte-range.js';
import type { MediaPicker } from '../../media/media-picker.js';
import type { MediaItem } from '../../media/media-repository.js';

export interface RawPick {
  item?: MediaItem;
  /** false when the item cannot be the file the client holds part of: its Range is then ignored. */
  honourRange: boolean;
}

const HASH_TAG = /^\s*"([0-9a-f]{64})"\s*$/;

/**
 * The file a `raw=1` request gets. A random pick for a new download; but a request that carries
 * on a download (`curl -C -` resends the same URL with `Range: bytes=N-`) must get the same file
 * again, never a fresh pick, or it would splice two files together:
 *
 * - `If-Range: "<sha256>"` names the file exactly: served when the pool still holds it.
 * - a Range past byte 0 continues the file this pool gave the same client last (its ring's head).
 * - without such a file, a fresh pick is sent whole (200): curl then refuses to resume rather
 *   than append the wrong bytes.
 *
 * A Range from byte 0 (video players start so) is a new download and picks afresh.
 */
export async function rawPick(picker: MediaPicker, pool: string, request: FastifyRequest): Promise<RawPick> {
  const ifRange = request.headers['if-range'];
  const tag = typeof ifRange === 'string' ? HASH_TAG.exec(ifRange) : null;
  if (tag) {
    const named = await picker.findInPool(pool, tag[1]);
    if (named) return { item: named, honourRange: true };
  } else if (rangeContinuesDownload(request.headers.range)) {
    const last = await picker.lastPick(pool, request.ip);
    if (last) return { item: last, honourRange: true };
    const [fresh] = await picker.pick(pool, request.ip, 1);
    return { item: fresh, honourRange: false };
  }
  // A new download, or an If-Range naming a file the pool no longer holds (served whole, as
  // If-Range asks when the version differs).
  const [fresh] = await picker.pick(pool, request.ip, 1);
  return { item: fresh, honourRange: true };
}
