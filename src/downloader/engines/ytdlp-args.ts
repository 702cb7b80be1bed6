import type { JobRequest } from '../job.js';

/** The line prefix of our own progress template, so progress never depends on yt-dlp's prose. */
export const PROGRESS_MARK = '[kizuna-progress]';
const PROGRESS_TEMPLATE = `download:${PROGRESS_MARK} %(progress.downloaded_bytes)s %(progress.total_bytes)s %(progress.total_bytes_estimate)s %(progress.speed)s %(progress.eta)s`;

export interface YtdlpArgOptions {
  workDir: string;
  ffmpegPath: string;
  maxBytes: number;
  /** yt-dlp extractors the URL may use; undefined lets every one try, the generic one included. */
  extractors?: string;
}

/**
 * The extractors of each platform yt-dlp serves. Holding yt-dlp to them keeps its generic
 * extractor (which fetches whatever a page or redirect points at, private addresses included)
 * out of reach of user-given URLs. Names are matched as prefixes, so "youtube" covers
 * youtube:tab, youtube:search and the rest of that family.
 */
export const PLATFORM_EXTRACTORS: Record<string, string> = {
  youtube: 'youtube',
  tiktok: 'tiktok',
  instagram: 'instagram',
  facebook: 'facebook',
  twitter: 'twitter',
  soundcloud: 'soundcloud',
};

/** Whether a request ends as audio only (auto means audio on audio platforms). */
export function wantsAudio(request: Pick<JobRequest, 'mode' | 'platform'>): boolean {
  if (request.mode === 'audio') return true;
  if (request.mode === 'video') return false;
  return request.platform === 'soundcloud' || request.platform === 'spotify';
}

/**
 * The yt-dlp command line for one job: format selection up to the requested height (merged to
 * mp4 by ffmpeg), or audio extraction at the requested bitrate; restricted file names in the
 * job's own directory; and a machine-readable progress line.
 */
export function ytdlpArgs(request: JobRequest, options: YtdlpArgOptions): string[] {
  const args = [
    '--ignore-config',
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
    '--max-filesize',
    String(options.maxBytes),
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
    // -S res:N prefers the largest picture not above N; mp4/m4a first so that players in chat apps cope.
    const sort = request.quality === 'max' ? 'res,ext:mp4:m4a' : `res:${request.quality},ext:mp4:m4a`;
    args.push('--format', 'bv*+ba/b', '--format-sort', sort, '--merge-output-format', 'mp4');
  }
  args.push('--', request.url);
  return args;
}
