import type { Engine, EngineContext } from '../engine.js';
import { EngineError } from '../engine.js';
import type { JobRequest } from '../job.js';
import { runProcess } from './run-process.js';
import { PLATFORM_EXTRACTORS, wantsAudio, ytdlpArgs } from './ytdlp-args.js';
import { YtdlpProgressParser } from './ytdlp-progress.js';

export interface Tools {
  ytdlpPath: string;
  ffmpegPath: string;
  /** Tests and the benchmark only: lets yt-dlp's generic extractor fetch a file they serve on loopback. */
  anyExtractor?: boolean;
}

/** yt-dlp with ffmpeg: youtube, tiktok, instagram, facebook, twitter, soundcloud. */
export class YtdlpEngine implements Engine {
  constructor(private readonly tools: Tools) {}

  async run(context: EngineContext): Promise<void> {
    await runYtdlp(this.tools, context.request, context);
  }
}

/** One yt-dlp run for `request` into the context's directory; throws an EngineError on failure. */
export async function runYtdlp(tools: Tools, request: JobRequest, context: EngineContext): Promise<void> {
  const args = ytdlpArgs(request, {
    workDir: context.workDir,
    ffmpegPath: tools.ffmpegPath,
    maxBytes: context.limits.maxBytes,
    // A platform without an entry gets a name no extractor has, so nothing runs rather than everything.
    extractors: tools.anyExtractor
      ? undefined
      : (PLATFORM_EXTRACTORS[request.platform] ?? 'none-for-this-platform'),
  });
  const parser = new YtdlpProgressParser(wantsAudio(request) ? 1 : 2);
  let tooLarge = false;
  const result = await runProcess(tools.ytdlpPath, args, {
    signal: context.signal,
    onLine: (line) => {
      if (/File is larger than max-filesize/i.test(line)) tooLarge = true;
      const progress = parser.feed(line);
      if (progress) context.onProgress(progress);
    },
  });
  if (tooLarge)
    throw new EngineError('TOO_LARGE', `The media is larger than ${context.limits.maxBytes} bytes.`);
  if (result.code !== 0)
    throw new EngineError('DOWNLOAD_FAILED', ytdlpFailure(result.stderrTail, context.workDir));
}

/** yt-dlp's own ERROR line, without our paths, as the client-facing reason. */
export function ytdlpFailure(stderrTail: string[], workDir: string): string {
  const line = [...stderrTail].reverse().find((l) => l.startsWith('ERROR:')) ?? '';
  const reason = line
    .replace(/^ERROR:\s*/, '')
    .replaceAll(workDir, '')
    .replace(/\/[^\s'"]+/g, (path) => (path.startsWith('//') ? path : ''))
    .trim()
    .slice(0, 300);
  return reason ? `The download failed: ${reason}` : 'The download failed.';
}
