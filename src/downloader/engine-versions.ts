/** How old a yt-dlp may be before its extractors are likely to have fallen behind the sites. */
export const STALE_YTDLP_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The release date of a yt-dlp version: yt-dlp numbers its releases by date, `2023.03.04`, and
 * nightly builds add a build number, `2024.08.06.232908`. Undefined when it is no such date.
 */
export function ytdlpReleaseDate(version: string): Date | undefined {
  const match = /^(\d{4})\.(\d{1,2})\.(\d{1,2})(?:\.\d+)?$/.exec(version.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2023.02.30 over into March; a version that is not a real day is not a date.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date;
}

/** Whole days from a yt-dlp release to `now`; undefined when the version is not a date. */
export function ytdlpAgeDays(version: string, now: Date): number | undefined {
  const released = ytdlpReleaseDate(version);
  if (!released) return undefined;
  return Math.floor((now.getTime() - released.getTime()) / DAY_MS);
}

/** The operator's warning when yt-dlp is older than STALE_YTDLP_DAYS, else undefined. */
export function staleYtdlpWarning(version: string, now: Date): string | undefined {
  const age = ytdlpAgeDays(version, now);
  if (age === undefined || age <= STALE_YTDLP_DAYS) return undefined;
  return (
    `yt-dlp ${version} is ${age} days old (more than ${STALE_YTDLP_DAYS}); its extractors are likely ` +
    'out of date and downloads may fail. Set YTDLP_PATH to a current release (README, "A current yt-dlp").'
  );
}

/** The version in the first line of `ffmpeg -version` ("ffmpeg version 5.1.9-0+deb12u1 Copyright …"). */
export function ffmpegVersionOf(output: string): string | undefined {
  return /^\s*ffmpeg version (\S+)/.exec(output)?.[1];
}

/** The version `yt-dlp --version` prints: its first non-empty line. */
export function ytdlpVersionOf(output: string): string | undefined {
  return output
    .split('\n')
    .find((line) => line.trim())
    ?.trim();
}
