import type { Engine, EngineContext } from '../engine.js';
import { EngineError } from '../engine.js';
import { type PageFetcher, safePageFetcher } from '../extractors/page-fetcher.js';
import type { JobRequest } from '../job.js';
import { runProcess } from './run-process.js';
import { PLATFORM_EXTRACTORS, wantsAudio, ytdlpArgs } from './ytdlp-args.js';
import { classifyYtdlpFailure } from './ytdlp-failure.js';
import { YtdlpProgressParser } from './ytdlp-progress.js';
import { ytdlpUrlFor } from './ytdlp-url.js';

export interface Tools {
  ytdlpPath: string;
  ffmpegPath: string;
  /** Tests and the benchmark only: lets yt-dlp's generic extractor fetch a file they serve on loopback. */
  anyExtractor?: boolean;
  /** The egress guard's URL (lib/egress-proxy.ts): yt-dlp connects only through it. */
  proxyUrl?: string;
}

/** yt-dlp with ffmpeg: youtube, tiktok, instagram, facebook, twitter, soundcloud. */
export class YtdlpEngine implements Engine {
  constructor(
    private readonly tools: Tools,
    /** Follows the short links yt-dlp cannot (fb.watch, on.soundcloud.com). */
    private readonly fetcher: PageFetcher = safePageFetcher,
  ) {}

  async run(context: EngineContext): Promise<void> {
    const url = await ytdlpUrlFor(context.request, this.fetcher, context.signal);
    await runYtdlp(this.tools, { ...context.request, url }, context);
  }
}

/** The --use-extractors value for a platform as deployed (none, so everything, only when told). */
function extractorsFor(tools: Tools, platform: string): string | undefined {
  if (tools.anyExtractor) return undefined;
  // A platform without an entry gets a name no extractor has, so nothing runs rather than everything.
  return PLATFORM_EXTRACTORS[platform] ?? 'none-for-this-platform';
}

/** One yt-dlp run for `request` into the context's directory; throws an EngineError on failure. */
export async function runYtdlp(tools: Tools, request: JobRequest, context: EngineContext): Promise<void> {
  const { maxBytes } = context.limits;
  const args = ytdlpArgs(request, {
    workDir: context.workDir,
    ffmpegPath: tools.ffmpegPath,
    maxBytes,
    extractors: extractorsFor(tools, request.platform),
    proxy: tools.proxyUrl,
  });
  const parser = new YtdlpProgressParser(wantsAudio(request) ? 1 : 2);
  // yt-dlp checks --max-filesize only against a size the server declares; fragmented streams
  // (HLS, DASH) and answers without Content-Length are stopped here, by the bytes it reports.
  const overLimit = new AbortController();
  const tooLarge = () => new EngineError('TOO_LARGE', `The media is larger than ${maxBytes} bytes.`);
  let refusedBySize = false;
  let live = false;
  const result = await runProcess(tools.ytdlpPath, args, {
    signal: AbortSignal.any([context.signal, overLimit.signal]),
    onLine: (line) => {
      if (/File is larger than max-filesize/i.test(line)) refusedBySize = true;
      // --match-filter !is_live skips a live stream and exits 0 with nothing downloaded.
      if (/does not pass filter \(!is_live\)/.test(line)) live = true;
      const progress = parser.feed(line);
      if (parser.bytes > maxBytes && !overLimit.signal.aborted) overLimit.abort(tooLarge());
      if (progress && !overLimit.signal.aborted) context.onProgress(progress);
    },
  });
  if (refusedBySize) throw tooLarge();
  if (live)
    throw new EngineError(
      'UNSUPPORTED_CONTENT',
      'Live streams cannot be downloaded; try again once the stream has ended.',
    );
  if (result.code !== 0) throw ytdlpFailure(result.stderrTail, result.code);
}

/**
 * A failed yt-dlp run as an EngineError: the stable code and our sentence for the client, and
 * yt-dlp's own last lines as the detail for the log.
 */
export function ytdlpFailure(stderrTail: string[], exitCode: number | null): EngineError {
  const { code, message } = classifyYtdlpFailure(stderrTail, exitCode);
  const detail = stderrTail.slice(-8).join('\n').slice(-2000);
  return new EngineError(code, message, undefined, `exit ${exitCode ?? 'signal'}: ${detail}`);
}
