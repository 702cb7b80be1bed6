import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadOnce } from '../../lib/load-once.js';
import { type Engine, type EngineContext, EngineError } from '../engine.js';
import { bestMatch, type SearchCandidate } from '../extractors/best-match.js';
import { fetchOrFail, type PageFetcher } from '../extractors/page-fetcher.js';
import {
  extractSpotifyTrack,
  isSpotifyImageUrl,
  type SpotifyTrack,
  spotifyEmbedUrl,
} from '../extractors/spotify.js';
import { spotifyTrackId } from '../match-url.js';
import { runProcess } from './run-process.js';
import { tagAudio } from './tag-audio.js';
import { runYtdlp, type Tools } from './ytdlp-engine.js';
import { classifyYtdlpFailure } from './ytdlp-failure.js';

const loadFileType = loadOnce(() => import('file-type'));

/** Finds the URL of the audio to download for a track (YouTube search in production). */
export type AudioFinder = (track: SpotifyTrack, signal: AbortSignal) => Promise<string>;

/**
 * Spotify tracks: Spotify streams are DRM-protected, so we take the track's title, artist and
 * cover from the public embed page, download the best-matching YouTube audio with yt-dlp, and
 * tag the file with Spotify's metadata and cover.
 */
export class SpotifyEngine implements Engine {
  private readonly findAudio: AudioFinder;

  constructor(
    private readonly tools: Tools,
    private readonly fetcher: PageFetcher,
    findAudio?: AudioFinder,
  ) {
    this.findAudio =
      findAudio ?? ((track, signal) => youtubeSearch(tools.ytdlpPath, track, signal, tools.proxyUrl));
  }

  async run(context: EngineContext): Promise<void> {
    const trackId = spotifyTrackId(context.request.url);
    if (!trackId) throw new EngineError('UNSUPPORTED_URL', 'Only Spotify track links can be downloaded.');
    const page = await fetchOrFail(this.fetcher, spotifyEmbedUrl(trackId), 'track page', {
      maxBytes: 4 * 1024 * 1024,
      timeoutMs: 20_000,
      signal: context.signal,
    });
    const track = extractSpotifyTrack(page.body.toString('utf8'));
    if (!track) throw new EngineError('NO_MEDIA', 'That Spotify track could not be read.');
    context.onProgress({ percent: 2, speed: null, eta: null });

    const sourceUrl = await this.findAudio(track, context.signal);
    const staging = join(context.workDir, '.source');
    await mkdir(staging);
    try {
      await runYtdlp(
        this.tools,
        { ...context.request, url: sourceUrl, platform: 'youtube', mode: 'audio' },
        {
          ...context,
          workDir: staging,
          onProgress: (p) => context.onProgress({ ...p, percent: Math.min(95, 5 + p.percent * 0.9) }),
        },
      );
      const [source] = (await readdir(staging)).filter((n) => !/\.(part|ytdl|temp)$/.test(n));
      if (!source) throw new EngineError('NOT_FOUND_AT_SOURCE', 'No matching audio was found.');
      const cover = await this.fetchCover(track, staging, context);
      const artist = track.artists.join(', ');
      const extension = source.slice(source.lastIndexOf('.'));
      const tagged = join(staging, `tagged${extension}`);
      await tagAudio(
        this.tools.ffmpegPath,
        join(staging, source),
        tagged,
        { title: track.title, artist },
        cover,
        context.signal,
      );
      await rename(
        tagged,
        join(context.workDir, `${fileName(artist ? `${artist} - ${track.title}` : track.title)}${extension}`),
      );
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  /** The cover as a file, or null when there is none (a track without cover still downloads). */
  private async fetchCover(track: SpotifyTrack, dir: string, context: EngineContext): Promise<string | null> {
    if (!track.coverUrl || !isSpotifyImageUrl(track.coverUrl)) return null;
    try {
      const image = await fetchOrFail(this.fetcher, track.coverUrl, 'cover', {
        maxBytes: 5 * 1024 * 1024,
        timeoutMs: 20_000,
        signal: context.signal,
      });
      const type = await (await loadFileType()).fileTypeFromBuffer(image.body);
      if (!type || (type.mime !== 'image/jpeg' && type.mime !== 'image/png')) return null;
      const path = join(dir, `cover.${type.ext}`);
      await writeFile(path, image.body);
      return path;
    } catch (error) {
      if (context.signal.aborted) throw error;
      return null;
    }
  }
}

/** A file name from free text: no separators or control characters, bounded length. */
export function fileName(text: string): string {
  const cleaned = text
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120)
    .trim();
  return cleaned || 'track';
}

/** `ytsearch5:` through yt-dlp, then the best-matching result by words and length. */
export async function youtubeSearch(
  ytdlpPath: string,
  track: SpotifyTrack,
  signal: AbortSignal,
  proxyUrl?: string,
): Promise<string> {
  const query = `${track.artists.join(' ')} ${track.title}`.replace(/\s+/g, ' ').trim();
  let json = '';
  const result = await runProcess(
    ytdlpPath,
    [
      '--ignore-config',
      ...(proxyUrl ? ['--proxy', proxyUrl] : []),
      '--no-warnings',
      '--flat-playlist',
      '--dump-single-json',
      '--',
      `ytsearch5:${query}`,
    ],
    {
      signal,
      onLine: (line) => {
        if (line.startsWith('{')) json = line;
      },
    },
  );
  if (result.code !== 0) {
    const { code } = classifyYtdlpFailure(result.stderrTail, result.code);
    throw new EngineError(
      code === 'SOURCE_UNREACHABLE' ? code : 'DOWNLOAD_FAILED',
      'The search for matching audio failed.',
      undefined,
      `audio search: exit ${result.code ?? 'signal'}: ${result.stderrTail.slice(-8).join('\n')}`,
    );
  }
  let entries: unknown[] = [];
  try {
    entries = (JSON.parse(json) as { entries?: unknown[] }).entries ?? [];
  } catch {
    throw new EngineError('SOURCE_UNREACHABLE', 'The search for matching audio gave no usable answer.');
  }
  const candidates: SearchCandidate[] = entries
    .filter((e): e is Record<string, unknown> => Boolean(e) && typeof e === 'object')
    .filter((e) => typeof e.id === 'string' && /^[A-Za-z0-9_-]{11}$/.test(e.id))
    .map((e) => ({
      id: e.id as string,
      title: typeof e.title === 'string' ? e.title : '',
      channel: typeof e.channel === 'string' ? e.channel : typeof e.uploader === 'string' ? e.uploader : null,
      duration: typeof e.duration === 'number' ? e.duration : null,
    }));
  const best = bestMatch(track, candidates);
  if (!best) throw new EngineError('NOT_FOUND_AT_SOURCE', 'No matching audio was found for that track.');
  return `https://www.youtube.com/watch?v=${best.id}`;
}
