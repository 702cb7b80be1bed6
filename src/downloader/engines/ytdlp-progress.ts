import type { JobProgress } from '../job.js';
import { PROGRESS_MARK } from './ytdlp-args.js';

/**
 * Reads yt-dlp's output line by line and turns it into one job-wide progress figure. A video
 * job downloads two streams (picture, then sound) before ffmpeg merges them, so the figure
 * spans the streams seen and never moves backwards; post-processing holds at 99 until done.
 */
export class YtdlpProgressParser {
  private stream = -1;
  private last = 0;
  /** Bytes downloaded so far of each stream, by the stream's place. */
  private readonly streamBytes: number[] = [];

  constructor(private readonly expectedStreams = 1) {}

  /** Bytes downloaded so far over all streams of the job, as yt-dlp reports them. */
  get bytes(): number {
    return this.streamBytes.reduce((sum, n) => sum + n, 0);
  }

  /** Returns the progress a line tells, or null when it tells none. */
  feed(line: string): JobProgress | null {
    const text = line.trim();
    if (text.startsWith('[download] Destination:')) {
      this.stream++;
      return null;
    }
    if (/^\[(Merger|ExtractAudio|FixupM3u8|FixupM4a|VideoConvertor|Metadata)\]/.test(text)) {
      return this.report(99, null, 0);
    }
    const at = text.indexOf(PROGRESS_MARK);
    if (at === -1) return null;
    const [downloaded, total, estimate, speed, eta] = text
      .slice(at + PROGRESS_MARK.length)
      .trim()
      .split(/\s+/)
      .map(number);
    if (downloaded !== null) {
      const at = Math.max(0, this.stream);
      this.streamBytes[at] = Math.max(this.streamBytes[at] ?? 0, downloaded);
    }
    const size = total ?? estimate;
    if (downloaded === null || !size) return this.report(this.last, speed, eta);
    const streams = Math.max(this.expectedStreams, this.stream + 1);
    const fraction = Math.min(1, downloaded / size);
    const overall = ((Math.max(0, this.stream) + fraction) / streams) * 100;
    return this.report(Math.min(99, overall), speed, eta);
  }

  private report(percent: number, speed: number | null, eta: number | null): JobProgress {
    this.last = Math.max(this.last, Math.round(percent * 10) / 10);
    return {
      percent: this.last,
      speed: speed === null ? null : Math.round(speed),
      eta: eta === null ? null : Math.round(eta),
    };
  }
}

function number(field: string | undefined): number | null {
  if (field === undefined || field === 'NA' || field === 'None') return null;
  const value = Number(field);
  return Number.isFinite(value) && value >= 0 ? value : null;
}
