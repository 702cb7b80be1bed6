import type { JobRequest, Quality } from '../job.js';

/** The line prefix of our own progress template, so progress never depends on yt-dlp's prose. */
export const PROGRESS_MARK = '[kizuna-progress]';
const PROGRESS_TEMPLATE = `download:${PROGRESS_MARK} %(progress.downloaded_bytes)s %(progress.total_bytes)s %(progress.total_bytes_estimate)s %(progress.speed)s %(progress.eta)s`;

export interface YtdlpArgOptions {
  workDir: string;
  ffmpegPath: string;
  maxBytes: number;
  /** yt-dlp extractors the URL may use; undefined lets every one try, the generic one included. */
  extractors?: string;
  /** The egress guard (lib/egress-proxy.ts) every connection of yt-dlp and its ffmpeg goes through. */
  proxy?: string;
}

/**
 * The extractors of each platform yt-dlp serves, as the value of --use-extractors. yt-dlp takes
 * each comma-separated name as a regular expression that must match a whole extractor name
 * (case-insensitively), so `youtube` alone would leave out youtube:tab and YoutubeYtBe: each
 * platform names its whole family (see `yt-dlp --list-extractors`). Holding yt-dlp to them keeps
 * its generic extractor (which fetches whatever a page or redirect points at, private addresses
 * included) out of reach of user-given URLs; a family's own redirects (vm.tiktok, t.co) lead only
 * to extractors that are loaded, so they cannot reach it either.
 */
export const PLATFORM_EXTRACTORS: Record<string, string> = {
  // youtube, youtube:tab, youtube:playlist, …, YoutubeYtBe, YoutubeLivestreamEmbed (not web.archive:youtube).
  youtube: 'youtube.*',
  // TikTok, tiktok:user, …, and vm.tiktok for the vm./vt.tiktok.com and tiktok.com/t/ short links.
  tiktok: 'tiktok.*,vm\\.tiktok',
  // Instagram, instagram:story, instagram:user, instagram:tag, InstagramIOS.
  instagram: 'instagram.*',
  // facebook, facebook:reel, FacebookPluginsVideo, FacebookRedirectURL.
  facebook: 'facebook.*',
  // twitter, twitter:card, twitter:broadcast, twitter:spaces, twitter:amplify, twitter:shortener.
  twitter: 'twitter.*',
  // soundcloud, soundcloud:set, soundcloud:user, …, SoundcloudEmbed.
  soundcloud: 'soundcloud.*',
};

/** The highest picture a video job gets (video up to 4K, docs/downloader.md); `quality: max` means this. */
export const MAX_VIDEO_HEIGHT = 2160;

export function heightCap(quality: Quality): number {
  return quality === 'max' ? MAX_VIDEO_HEIGHT : Math.min(MAX_VIDEO_HEIGHT, Number(quality));
}

/** Whether a request ends as audio only (auto means audio on audio platforms). */
export function wantsAudio(request: Pick<JobRequest, 'mode' | 'platform'>): boolean {
  if (request.mode === 'audio') return true;
  if (request.mode === 'video') return false;
  return request.platform === 'soundcloud' || request.platform === 'spotify';
}

/**
 * The yt-dlp command line for one job: video no higher than the requested height (merged to mp4
 * by ffmpeg), or audio extraction at the requested bitrate; live streams refused; restricted file
 * names in the job's own directory; and a machine-readable progress line.
 */
export function ytdlpArgs(request: JobRequest, options: YtdlpArgOptions): string[] {
  const args = [
    '--ignore-config',
    ...(options.proxy ? ['--proxy', options.proxy] : []),
    '--no-playlist',
    '--no-cache-dir',
    '--no-mtime',
    '--no-colors',
    '--newline',
    '--restrict-filenames',
    '--socket-timeout',
    '30',
    '--retries',
    '3',
    // Checked against the size a server declares; the engine also counts the bytes as they come,
    // for streams that declare none (HLS and DASH fragments).
    '--max-filesize',
    String(options.maxBytes),
    // A live stream has no end: it would only ever stop at the job's time or size limit.
    '--match-filter',
    '!is_live',
    '--paths',
    options.workDir,
    '--output',
    '%(title).80B [%(id).40B].%(ext)s',
    '--progress-template',
    PROGRESS_TEMPLATE,
  ];
  if (options.extractors) args.push('--use-extractors', options.extractors);
  // yt-dlp takes a directory or a file here; a bare command name is left to its own PATH search.
  if (options.ffmpegPath.includes('/')) args.push('--ffmpeg-location', options.ffmpegPath);
  if (wantsAudio(request)) {
    args.push('--format', 'ba/b', '--extract-audio', '--audio-format', request.audioFormat);
    args.push('--audio-quality', `${request.audioBitrate}K`);
  } else {
    const height = heightCap(request.quality);
    // -S only orders the formats; the filter is what keeps anything taller out. Formats whose
    // height is known come first; ones that do not tell it (some direct files) are the fallback.
    const format = [
      `bv*[height<=${height}]+ba`,
      `b[height<=${height}]`,
      `bv*[height<=?${height}]+ba`,
      `b[height<=?${height}]`,
    ].join('/');
    // mp4/m4a first so that players in chat apps cope.
    args.push('--format', format, '--format-sort', `res:${height},ext:mp4:m4a`);
    args.push('--merge-output-format', 'mp4');
  }
  args.push('--', request.url);
  return args;
}
