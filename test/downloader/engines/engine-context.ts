import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import type { EngineContext } from '../../../src/downloader/engine.js';
import type { JobProgress, JobRequest } from '../../../src/downloader/job.js';

/** A context as a worker would give it: a fresh directory, generous limits, progress recorded. */
export function engineContext(
  request: Partial<JobRequest> & Pick<JobRequest, 'platform' | 'url'>,
  limits = {},
) {
  const workDir = mkdtempSync(join(tmpdir(), 'kizuna-engine-'));
  after(() => rmSync(workDir, { recursive: true, force: true }));
  const progress: JobProgress[] = [];
  const controller = new AbortController();
  const context: EngineContext = {
    request: { mode: 'auto', quality: 'max', audioBitrate: 192, audioFormat: 'mp3', ...request },
    workDir,
    signal: controller.signal,
    limits: { maxBytes: 50 * 1024 * 1024, timeoutMs: 60_000, ...limits },
    onProgress: (p) => progress.push(p),
  };
  return { context, progress, controller, workDir };
}
