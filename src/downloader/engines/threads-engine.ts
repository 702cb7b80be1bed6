import { type Engine, type EngineContext, EngineError } from '../engine.js';
import { fetchOrFail, type PageFetcher } from '../extractors/page-fetcher.js';
import { extractThreadsMedia, threadsCodeOf } from '../extractors/threads.js';
import { saveMedia } from './save-media.js';

const PAGE_LIMIT = 8 * 1024 * 1024;

/** Threads posts (no yt-dlp extractor): the videos and images from the post page's embedded data. */
export class ThreadsEngine implements Engine {
  constructor(private readonly fetcher: PageFetcher) {}

  async run(context: EngineContext): Promise<void> {
    const code = threadsCodeOf(context.request.url);
    if (!code)
      throw new EngineError('UNSUPPORTED_URL', 'That link is not a Threads post (…/@user/post/CODE).');
    const page = await fetchOrFail(this.fetcher, context.request.url, 'post page', {
      maxBytes: PAGE_LIMIT,
      timeoutMs: 20_000,
      signal: context.signal,
    });
    const media = extractThreadsMedia(page.body.toString('utf8'), context.request.url);
    if (media.length === 0) throw new EngineError('NO_MEDIA', 'No video or image was found in that post.');
    await saveMedia(
      this.fetcher,
      media.map((m) => m.url),
      `threads-${code}`,
      context,
      ['video', 'image'],
    );
  }
}
