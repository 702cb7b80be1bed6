import { randomBytes } from 'node:crypto';
import { GENERIC_FAILURE, publicJobError } from './job-errors.js';
import type { Mode, Platform } from './platforms.js';

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'expired';
export const ACTIVE_STATES: readonly JobState[] = ['queued', 'running'];
/** The error of a job a client cancelled (the shutdown cancels with its own message, same code). */
export const CANCELLED_BY_CLIENT = { code: 'CANCELLED', message: 'The download was cancelled.' } as const;

export const QUALITIES = ['max', '2160', '1440', '1080', '720', '480', '360'] as const;
export type Quality = (typeof QUALITIES)[number];
export const AUDIO_FORMATS = ['mp3', 'm4a', 'opus', 'aac', 'flac', 'wav'] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

/** What the client asked for, after defaults. */
export interface JobRequest {
  platform: Platform;
  url: string;
  mode: Mode;
  quality: Quality;
  audioBitrate: number;
  audioFormat: AudioFormat;
}

export interface JobFile {
  name: string;
  size: number;
  mime: string;
}

export interface JobProgress {
  percent: number;
  /** Bytes per second, when the engine knows it. */
  speed: number | null;
  /** Seconds left, when the engine knows it. */
  eta: number | null;
}

export interface JobError {
  code: string;
  message: string;
}

export interface JobRecord extends JobRequest {
  id: string;
  state: JobState;
  /** Who asked (a hash of the client address), for the per-client limit. */
  client: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** When a finished job's files are removed. */
  expiresAt: string | null;
  progress: JobProgress | null;
  files: JobFile[];
  error: JobError | null;
  /**
   * How many times a worker has started the job: 1 on its first run, 2 when it was taken over after
   * its instance stopped. Identifies the run a running record belongs to (absent in records
   * written before it existed: read as 0).
   */
  attempt: number;
}

/** A job as it enters the queue: nothing started, nothing found yet. */
export function newJobRecord(
  request: JobRequest,
  client: string,
  id = randomBytes(12).toString('base64url'),
): JobRecord {
  return {
    ...request,
    id,
    state: 'queued',
    client,
    createdAt: new Date().toISOString(),
    startedAt: null,
    finishedAt: null,
    expiresAt: null,
    progress: null,
    files: [],
    error: null,
    attempt: 0,
  };
}

/** A message of the live queue, as sent over the WebSocket (file URLs are added per connection). */
export type JobEvent =
  | { type: 'queued'; id: string; position: number }
  | ({ type: 'progress'; id: string } & JobProgress)
  | { type: 'done'; id: string; files: JobFile[] }
  | ({ type: 'error'; id: string } & JobError);

/**
 * What the store publishes to every instance: a job's event, a move of the waiting line, or a
 * request to the instance running a job to stop it (a client cancelled it elsewhere); and what the
 * store tells its own instance when it stops hearing the others.
 */
export type BusMessage =
  | { kind: 'job'; event: JobEvent }
  | { kind: 'queue-moved' }
  | { kind: 'cancel'; id: string }
  /** Never sent between instances: this instance lost the bus (Redis), so messages may be missed. */
  | { kind: 'interrupted' };

/** The event that tells a newcomer where a job stands right now. */
export function currentEvent(job: JobRecord, position: number | null): JobEvent {
  switch (job.state) {
    case 'queued':
      return { type: 'queued', id: job.id, position: position ?? 1 };
    case 'running':
      return { type: 'progress', id: job.id, ...(job.progress ?? { percent: 0, speed: null, eta: null }) };
    case 'done':
      return { type: 'done', id: job.id, files: job.files };
    case 'failed':
      return {
        type: 'error',
        id: job.id,
        ...(publicJobError(job.error) ?? GENERIC_FAILURE),
      };
    case 'expired':
      return {
        type: 'error',
        id: job.id,
        code: 'EXPIRED',
        message: 'The files of this download have been removed.',
      };
  }
}
