import { execFile } from 'node:child_process';
import { ffmpegVersionOf, staleYtdlpWarning, ytdlpVersionOf } from './engine-versions.js';

export interface EngineVersion {
  /** The command that was run: the configured YTDLP_PATH or FFMPEG_PATH. */
  path: string;
  /** Undefined when the tool is missing or did not answer. */
  version?: string;
  /** Why no version could be read. */
  error?: string;
}

export interface EngineReport {
  ytdlp: EngineVersion;
  ffmpeg: EngineVersion;
  /** For the operator: a missing tool, a yt-dlp older than 90 days. */
  warnings: string[];
}

const PROBE_TIMEOUT_MS = 15_000;

/** The first line a tool prints for its version, or why it printed none. */
function ask(
  path: string,
  args: string[],
  parse: (output: string) => string | undefined,
): Promise<EngineVersion> {
  return new Promise((resolve) => {
    execFile(path, args, { timeout: PROBE_TIMEOUT_MS, maxBuffer: 256 * 1024 }, (error, stdout) => {
      const version = error ? undefined : parse(String(stdout));
      if (version) return resolve({ path, version });
      const code = (error as NodeJS.ErrnoException | null)?.code;
      resolve({
        path,
        error:
          code === 'ENOENT'
            ? 'not installed'
            : error?.killed
              ? 'did not answer in time'
              : error
                ? `exited with ${error.code ?? error.signal}`
                : 'printed no version',
      });
    });
  });
}

/** Reads the versions of yt-dlp and ffmpeg as configured, and what the operator should know about them. */
export async function probeEngines(
  tools: { ytdlpPath: string; ffmpegPath: string },
  now: () => Date = () => new Date(),
): Promise<EngineReport> {
  const [ytdlp, ffmpeg] = await Promise.all([
    ask(tools.ytdlpPath, ['--version'], ytdlpVersionOf),
    ask(tools.ffmpegPath, ['-version'], ffmpegVersionOf),
  ]);
  const warnings: string[] = [];
  if (ytdlp.version) {
    const stale = staleYtdlpWarning(ytdlp.version, now());
    if (stale) warnings.push(stale);
  } else {
    warnings.push(`yt-dlp (YTDLP_PATH=${ytdlp.path}) ${ytdlp.error}: most platforms cannot be downloaded.`);
  }
  if (!ffmpeg.version) {
    warnings.push(`ffmpeg (FFMPEG_PATH=${ffmpeg.path}) ${ffmpeg.error}: audio and merged video fail.`);
  }
  return { ytdlp, ffmpeg, warnings };
}
