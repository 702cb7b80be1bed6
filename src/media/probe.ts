import { execFile } from 'node:child_process';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { loadOnce } from '../lib/load-once.js';
import { IMAGE_PIXEL_BUDGET, imageDecoding } from '../lib/work-gate.js';
import { ACCEPTED_TYPES } from './media-types.js';

const run = promisify(execFile);
const loadSharp = loadOnce(async () => (await import('sharp')).default);
const loadFileType = loadOnce(() => import('file-type'));

export interface ProbedMedia {
  mime: string;
  ext: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

/** Why a file was refused: not media we serve, or not decodable although its magic bytes say so. */
export class NotMediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotMediaError';
  }
}

/** ffprobe sits next to ffmpeg in every distribution; derive it from the configured ffmpeg. */
export function ffprobePathFor(ffmpegPath: string): string {
  const name = basename(ffmpegPath).replace(/ffmpeg/i, 'ffprobe');
  return ffmpegPath.includes('/') ? join(dirname(ffmpegPath), name) : name;
}

/**
 * Identifies a file by its magic bytes (never its name) and reads its dimensions: sharp for images
 * (it also proves they decode), ffprobe for video when available.
 */
export async function probeMedia(path: string, ffmpegPath: string): Promise<ProbedMedia> {
  const detected = await (await loadFileType()).fileTypeFromFile(path);
  const accepted = detected ? ACCEPTED_TYPES[detected.mime] : undefined;
  if (!detected || !accepted) {
    throw new NotMediaError(
      `not a supported media file (${detected?.mime ?? 'unknown type'}); accepted: ${Object.keys(ACCEPTED_TYPES).join(', ')}`,
    );
  }
  if (accepted.kind === 'image') {
    // Through the image gate like every untrusted decode (lib/work-gate.ts), and refused past the
    // pixel budget before anything decodes the pixels.
    const sharp = await loadSharp();
    const meta = await imageDecoding.run(() =>
      sharp(path, { animated: true, limitInputPixels: IMAGE_PIXEL_BUDGET })
        .metadata()
        .catch(() => null),
    );
    if (!meta) throw new NotMediaError(`${detected.mime} that does not decode`);
    if ((meta.width ?? 0) * (meta.height ?? 0) > IMAGE_PIXEL_BUDGET)
      throw new NotMediaError(`${detected.mime} larger than ${IMAGE_PIXEL_BUDGET} pixels`);
    try {
      const pages = meta.pages ?? 1;
      const height =
        meta.pageHeight ?? (meta.height && pages > 1 ? Math.round(meta.height / pages) : meta.height);
      const durationMs =
        pages > 1 && Array.isArray(meta.delay) ? meta.delay.reduce((sum, d) => sum + d, 0) : null;
      return {
        mime: detected.mime,
        ext: accepted.ext,
        width: meta.width ?? null,
        height: height ?? null,
        durationMs,
      };
    } catch {
      throw new NotMediaError(`${detected.mime} that does not decode`);
    }
  }
  return { mime: detected.mime, ext: accepted.ext, ...(await probeVideo(path, ffmpegPath)) };
}

async function probeVideo(
  path: string,
  ffmpegPath: string,
): Promise<Pick<ProbedMedia, 'width' | 'height' | 'durationMs'>> {
  let stdout: string;
  try {
    ({ stdout } = await run(
      ffprobePathFor(ffmpegPath),
      [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=width,height:format=duration',
        '-of',
        'json',
        path,
      ],
      { timeout: 15_000 },
    ));
  } catch (error) {
    // Without ffprobe the video is kept with unknown dimensions; with it, a failure means a broken file.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { width: null, height: null, durationMs: null };
    throw new NotMediaError('a video that does not decode');
  }
  const parsed = JSON.parse(stdout) as {
    streams?: Array<{ width?: number; height?: number }>;
    format?: { duration?: string };
  };
  const stream = parsed.streams?.[0];
  if (!stream) throw new NotMediaError('a video file without a video stream');
  const seconds = Number(parsed.format?.duration);
  return {
    width: stream.width ?? null,
    height: stream.height ?? null,
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
  };
}
