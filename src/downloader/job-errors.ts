/**
 * The stable codes of a download's `error`, in the job JSON and the live queue. A client decides
 * what to do from the code; the message beside it is a sentence of ours for a person. What the
 * tools said (yt-dlp's, Python's, ffmpeg's text) is logged with the job id and never sent.
 */
export const JOB_ERROR_CODES = [
  /** The platform could not be reached, failed, or refused this server (network, 5xx, 429): try later. */
  'SOURCE_UNREACHABLE',
  /** Nothing to get at the link: removed, private, region-locked, sign-in only, or never there. */
  'NOT_FOUND_AT_SOURCE',
  /** The link leads to something that cannot be downloaded: a live stream, DRM, no savable format, not media. */
  'UNSUPPORTED_CONTENT',
  /** The link is not of a kind the platform's downloader takes (no extractor for it, a short link leading elsewhere). */
  'UNSUPPORTED_URL',
  /** The page was read but holds no video, image or audio. */
  'NO_MEDIA',
  /** Over the size limit of one job. */
  'TOO_LARGE',
  /** Over the time limit of one job. */
  'TIMEOUT',
  /** Cancelled by the client, or by a shutdown. */
  'CANCELLED',
  /** The finished files could not be stored. */
  'STORAGE_UNAVAILABLE',
  /** Anything else: conversion failed, a tool crashed, the job was lost twice. */
  'DOWNLOAD_FAILED',
  /** A done job whose files have been removed (status and live queue). */
  'EXPIRED',
  /** Live queue only: this instance cannot follow the job right now (the job itself goes on). */
  'QUEUE_UNAVAILABLE',
] as const;

export type JobErrorCode = (typeof JOB_ERROR_CODES)[number];

const KNOWN = new Set<string>(JOB_ERROR_CODES);

export function isJobErrorCode(code: string): code is JobErrorCode {
  return KNOWN.has(code);
}

/** The one error a job record can hold that no code explains (an older record): said plainly. */
export const GENERIC_FAILURE = { code: 'DOWNLOAD_FAILED', message: 'The download failed.' } as const;

/**
 * A job's error as it goes to a client. Records written before these codes existed (they live
 * one retention period in Redis) may hold another code, or yt-dlp's own words after "The download
 * failed: "; either is said as the plain failure.
 */
export function publicJobError(
  error: { code: string; message: string } | null,
): { code: JobErrorCode; message: string } | null {
  if (!error) return null;
  if (!isJobErrorCode(error.code) || error.message.startsWith('The download failed: '))
    return GENERIC_FAILURE;
  return { code: error.code, message: error.message };
}
