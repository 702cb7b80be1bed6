import type { JobProgress, JobRequest } from './job.js';
import type { JobErrorCode } from './job-errors.js';

/** The codes an engine or the service may end a job with (EXPIRED and QUEUE_UNAVAILABLE are not failures of a run). */
export type EngineErrorCode = Exclude<JobErrorCode, 'EXPIRED' | 'QUEUE_UNAVAILABLE'>;

/**
 * Why a download failed: a stable `code` and a `message` in words of ours, fit for the client.
 * `detail` is what the tool said (yt-dlp's stderr, say): for the log, with the job id, and never
 * sent.
 */
export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    cause?: unknown,
    readonly detail?: string,
  ) {
    super(message, { cause });
    this.name = 'EngineError';
  }
}

export interface EngineLimits {
  /** Bytes all files of one job may take together. */
  maxBytes: number;
  /** Wall-clock time one job may run. */
  timeoutMs: number;
}

export interface EngineContext {
  request: JobRequest;
  /** An empty directory owned by this job; the engine leaves its results here and nothing else. */
  workDir: string;
  signal: AbortSignal;
  limits: EngineLimits;
  onProgress(progress: JobProgress): void;
}

/** One way of turning a URL into files. */
export interface Engine {
  run(context: EngineContext): Promise<void>;
}
