import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadOnce } from '../../lib/load-once.js';
import { type EngineContext, EngineError } from '../engine.js';
import { fetchOrFail, type PageFetcher } from '../extractors/page-fetcher.js';

const loadFileType = loadOnce(() => import('file-type'));

/**
 * Fetches each media URL and writes it into the job's directory as `<base>-<n>.<ext>`, the
 * extension taken from the bytes themselves; anything that is not of an allowed kind is refused.
 */
export async function saveMedia(
  fetcher: PageFetcher,
  urls: string[],
  base: string,
  context: EngineContext,
  kinds: ReadonlyArray<'image' | 'video' | 'audio'>,
): Promise<void> {
  let budget = context.limits.maxBytes;
  for (const [index, url] of urls.entries()) {
    const media = await fetchOrFail(fetcher, url, 'media file', {
      maxBytes: budget,
      timeoutMs: context.limits.timeoutMs,
      signal: context.signal,
    });
    const type = await (await loadFileType()).fileTypeFromBuffer(media.body);
    if (!type || !kinds.some((kind) => type.mime.startsWith(`${kind}/`))) {
      throw new EngineError('UNSUPPORTED_CONTENT', 'The platform sent something that is not media.');
    }
    budget -= media.body.length;
    const name = urls.length === 1 ? `${base}.${type.ext}` : `${base}-${index + 1}.${type.ext}`;
    await writeFile(join(context.workDir, name), media.body);
    context.onProgress({
      percent: Math.round(((index + 1) / urls.length) * 1000) / 10,
      speed: null,
      eta: null,
    });
  }
}
