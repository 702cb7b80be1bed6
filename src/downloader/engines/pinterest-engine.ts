import { type Engine, type EngineContext, EngineError } from '../engine.js';
import { fetchOrFail, type PageFetcher } from '../extractors/page-fetcher.js';
import { extractPinterestPin, pinIdOf } from '../extractors/pinterest.js';
import { matchPlatformUrl } from '../match-url.js';
import { saveMedia } from './save-media.js';

const PAGE_LIMIT = 5 * 1024 * 1024;

/** Pinterest pins (yt-dlp has no image support): the original images from the pin page. */
export class PinterestEngine implements Engine {
  constructor(private readonly fetcher: PageFetcher) {}

  async run(context: EngineContext): Promise<void> {
    const page = await fetchOrFail(this.fetcher, context.request.url, 'pin page', {
      maxBytes: PAGE_LIMIT,
      timeoutMs: 20_000,
      signal: context.signal,
    });
    // pin.it short links redirect; the page we land on must still be Pinterest's and a pin.
    const landed = matchPlatformUrl('pinterest', page.url);
    if (!landed.ok || !pinIdOf(landed.url)) {
      throw new EngineError('UNSUPPORTED_URL', 'That link does not lead to a Pinterest pin.');
    }
    const pin = extractPinterestPin(page.body.toString('utf8'), landed.url);
    if (pin.images.length === 0) throw new EngineError('NO_MEDIA', 'No image was found on that pin.');
    await saveMedia(this.fetcher, pin.images, `pinterest-${pin.pinId}`, context, ['image']);
  }
}
