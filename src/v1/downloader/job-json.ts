import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { JobView } from '../../downloader/downloader-service.js';
import type { JobEvent, JobFile } from '../../downloader/job.js';
import {
  GENERIC_FAILURE,
  JOB_ERROR_CODES,
  type JobErrorCode,
  publicJobError,
} from '../../downloader/job-errors.js';
import { absoluteUrl } from '../../lib/absolute-url.js';

export const JobIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

const FileSchema = Type.Object({
  name: Type.String(),
  url: Type.String({ description: 'Absolute URL of the file on this service' }),
  size: Type.Integer({ description: 'Bytes' }),
  mime: Type.String(),
});

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const JobStatus = Type.Enum(['queued', 'running', 'done', 'failed', 'expired'], {
  description: 'Where the job stands; `failed` comes with `error`, `done` with `files`.',
});

/** A failed job's error: a stable code to act on, and a sentence for a person (never a tool's own text). */
export const JobErrorSchema = Type.Object({
  code: Type.Unsafe<JobErrorCode>({
    type: 'string',
    enum: [...JOB_ERROR_CODES],
    description:
      'SOURCE_UNREACHABLE: the platform could not be reached or refused (try later); NOT_FOUND_AT_SOURCE: removed, ' +
      'private, region-locked, sign-in only or never there; UNSUPPORTED_CONTENT: live, DRM-protected or not media; ' +
      'UNSUPPORTED_URL: not a link the downloader reads; NO_MEDIA: the page holds no media; TOO_LARGE; TIMEOUT; ' +
      'CANCELLED; STORAGE_UNAVAILABLE; DOWNLOAD_FAILED: anything else (conversion failed, say); EXPIRED: the files ' +
      'are gone; QUEUE_UNAVAILABLE (live queue only): updates cannot be followed right now.',
  }),
  message: Type.String({ description: 'What happened, in a sentence for a person' }),
});

export const AcceptedSchema = Type.Object(
  {
    id: Type.String(),
    status: JobStatus,
    position: Nullable(Type.Integer({ description: '1-based place in the waiting line' })),
    ws: Type.String({ description: 'WebSocket URL of the live queue for this job' }),
    statusUrl: Type.String(),
  },
  {
    examples: [
      {
        id: 'k3j9x2m4q8w7',
        status: 'queued',
        position: 1,
        ws: 'wss://kizuna.example/api/v1/ws/k3j9x2m4q8w7',
        statusUrl: 'https://kizuna.example/api/v1/jobs/k3j9x2m4q8w7',
      },
    ],
  },
);

export const JobSchema = Type.Object(
  {
    id: Type.String(),
    platform: Type.String(),
    url: Type.String(),
    mode: Type.Enum(['auto', 'audio', 'video']),
    status: JobStatus,
    position: Nullable(Type.Integer()),
    progress: Nullable(
      Type.Object({ percent: Type.Number(), speed: Nullable(Type.Number()), eta: Nullable(Type.Number()) }),
    ),
    files: Type.Array(FileSchema),
    error: Nullable(JobErrorSchema),
    createdAt: Type.String(),
    startedAt: Nullable(Type.String()),
    finishedAt: Nullable(Type.String()),
    expiresAt: Nullable(Type.String()),
    ws: Type.String(),
    statusUrl: Type.String(),
  },
  {
    examples: [
      {
        id: 'k3j9x2m4q8w7',
        platform: 'youtube',
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        mode: 'audio',
        status: 'done',
        position: null,
        progress: { percent: 100, speed: null, eta: null },
        files: [
          {
            name: 'Never Gonna Give You Up.mp3',
            url: 'https://kizuna.example/api/v1/jobs/k3j9x2m4q8w7/files/Never%20Gonna%20Give%20You%20Up.mp3',
            size: 3407872,
            mime: 'audio/mpeg',
          },
        ],
        error: null,
        createdAt: '2026-05-01T12:00:00.000Z',
        startedAt: '2026-05-01T12:00:01.000Z',
        finishedAt: '2026-05-01T12:00:09.000Z',
        expiresAt: '2026-05-01T13:00:09.000Z',
        ws: 'wss://kizuna.example/api/v1/ws/k3j9x2m4q8w7',
        statusUrl: 'https://kizuna.example/api/v1/jobs/k3j9x2m4q8w7',
      },
    ],
  },
);

export const fileUrl = (request: FastifyRequest, id: string, name: string) =>
  absoluteUrl(request, `/api/v1/jobs/${id}/files/${encodeURIComponent(name)}`);

const withUrls = (request: FastifyRequest, id: string, files: JobFile[]) =>
  files.map((f) => ({ ...f, url: fileUrl(request, id, f.name) }));

export function links(request: FastifyRequest, id: string) {
  return {
    ws: absoluteUrl(request, `/api/v1/ws/${id}`).replace(/^http/, 'ws'),
    statusUrl: absoluteUrl(request, `/api/v1/jobs/${id}`),
  };
}

export function toJobJson(request: FastifyRequest, { job, position }: JobView) {
  return {
    id: job.id,
    platform: job.platform,
    url: job.url,
    mode: job.mode,
    status: job.state,
    position,
    progress: job.progress,
    files: withUrls(request, job.id, job.files),
    error: publicJobError(job.error),
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    expiresAt: job.expiresAt,
    ...links(request, job.id),
  };
}

/** A live-queue message as it goes over the wire: file URLs made absolute for this client. */
export function toWireMessage(request: FastifyRequest, event: JobEvent) {
  if (event.type === 'done') return { ...event, files: withUrls(request, event.id, event.files) };
  if (event.type === 'error') return { ...event, ...(publicJobError(event) ?? GENERIC_FAILURE) };
  return event;
}
