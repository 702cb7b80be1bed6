import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The demo MP4, or why there is none (in words for the log and the catalog). */
export type DemoVideo = { bytes: Buffer } | { unavailable: string };

/** ffmpeg makes a few seconds of small video in well under a second; a hung one is given up on. */
const FFMPEG_TIMEOUT_MS = 20_000;

/** The first line ffmpeg wrote to stderr, which usually names the problem; bounded for the catalog. */
function firstLine(text: unknown): string {
  const line = String(text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  return line ? line.slice(0, 200) : '';
}

/** What went wrong, as one short sentence; never throws. */
function reasonOf(ffmpegPath: string, error: unknown): string {
  const failure = error as NodeJS.ErrnoException & { killed?: boolean; stderr?: string; code?: unknown };
  if (failure.code === 'ENOENT' && failure.path === ffmpegPath) return `ffmpeg (${ffmpegPath}) was not found`;
  if (failure.killed) return `ffmpeg (${ffmpegPath}) did not finish within ${FFMPEG_TIMEOUT_MS / 1000} s`;
  const said = firstLine(failure.stderr);
  if (typeof failure.code === 'number') {
    return `ffmpeg (${ffmpegPath}) failed with exit code ${failure.code}${said ? `: ${said}` : ''}`;
  }
  return `ffmpeg (${ffmpegPath}) failed: ${said || failure.message || String(error)}`;
}

/** Raw RGBA frames, one after the other, and their rate. */
export interface RawFrames {
  width: number;
  height: number;
  fps: number;
  pixels: Buffer;
}

/** Runs ffmpeg with `args` (after the common ones) writing `out` in a scratch folder; the bytes, or why not. */
async function runFfmpeg(
  ffmpegPath: string,
  args: (dir: string) => Promise<string[]>,
  signal?: AbortSignal,
): Promise<DemoVideo> {
  const dir = await mkdtemp(join(tmpdir(), 'kizuna-demo-'));
  const out = join(dir, 'demo.mp4');
  try {
    await run(
      ffmpegPath,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        ...(await args(dir)),
        '-c:v',
        'libx264',
        '-threads',
        '1',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
        '-fflags',
        '+bitexact',
        '-flags:v',
        '+bitexact',
        '-map_metadata',
        '-1',
        out,
      ],
      { timeout: FFMPEG_TIMEOUT_MS, signal },
    );
    const bytes = await readFile(out).catch(() => undefined);
    if (!bytes || bytes.length === 0) return { unavailable: `ffmpeg (${ffmpegPath}) wrote no video` };
    return { bytes };
  } catch (error) {
    signal?.throwIfAborted();
    return { unavailable: reasonOf(ffmpegPath, error) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * An MP4 of the given frames. Any failure of ffmpeg (not installed, not executable, an error, a
 * hang, no output) is an answer, not an exception: menuvid then stays empty and says why. Only
 * an abort (the server closing) is thrown.
 */
export function renderDemoVideo(
  ffmpegPath: string,
  frames: RawFrames,
  signal?: AbortSignal,
): Promise<DemoVideo> {
  return runFfmpeg(
    ffmpegPath,
    async (dir) => {
      const input = join(dir, 'frames.rgba');
      await writeFile(input, frames.pixels);
      return [
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgba',
        '-s',
        `${frames.width}x${frames.height}`,
        '-r',
        String(frames.fps),
        '-i',
        input,
        '-preset',
        'veryfast',
        '-crf',
        '26',
      ];
    },
    signal,
  );
}

/**
 * The test-pattern clip earlier versions stored in menuvid, uncredited: made again (ffmpeg makes
 * it bit for bit) so that an upgraded install can recognise it by its hash and replace it.
 */
export function renderLegacyDemoVideo(ffmpegPath: string, signal?: AbortSignal): Promise<DemoVideo> {
  return runFfmpeg(
    ffmpegPath,
    async () => [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=duration=2:size=320x240:rate=15,hue=h=0',
      '-preset',
      'ultrafast',
    ],
    signal,
  );
}
