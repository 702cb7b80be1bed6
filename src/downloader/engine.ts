import type { JobProgress, JobRequest } from './job.js';

/** Why a download failed, in words fit for the client; `code` is stable. */
export class EngineError extends Error {
  constructor(
    readonly code:
      | 'DOWNLOAD_FAILED'
      | 'NO_MEDIA'
      | 'UNSUPPORTED_URL'
      | 'UPSTREAM_FAILED'
      | 'TOO_LARGE'
      | 'TIMEOUT'
      | 'CANCELLED'
      | 'STORAGE_UNAVAILABLE',
    message: string,
    cause?: unknown,
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
