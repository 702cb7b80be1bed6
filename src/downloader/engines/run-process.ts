import { spawn } from 'node:child_process';
import { EngineError } from '../engine.js';

export interface ProcessResult {
  code: number | null;
  /** The last lines of stderr, for an error message. */
  stderrTail: string[];
}

/**
 * Runs a tool without a shell, hands each output line to `onLine`, and kills it (TERM, then
 * KILL) when the signal aborts. Rejects with a CANCELLED/TIMEOUT EngineError after an abort.
 *
 * The tool runs in a process group of its own, and every signal goes to the whole group: what it
 * started (ffmpeg under yt-dlp) stops with it on cancel and timeout, and whatever is still left
 * of the group when the tool itself exits is killed then, so no job leaves a process behind.
 */
export function runProcess(
  command: string,
  args: string[],
  options: { signal: AbortSignal; onLine?: (line: string) => void; cwd?: string },
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) return reject(abortError(options.signal));
    const child = spawn(command, args, {
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group (setsid), so a signal to -pid reaches everything it started.
      detached: true,
    });
    const tail: string[] = [];
    let killTimer: NodeJS.Timeout | undefined;
    const killGroup = (signal: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group is gone already.
      }
    };
    const onAbort = () => {
      killGroup('SIGTERM');
      killTimer = setTimeout(() => killGroup('SIGKILL'), 3000);
      killTimer.unref();
    };
    // Whatever the tool left running (and holding our pipes open) goes when it ends.
    child.on('exit', () => killGroup('SIGKILL'));
    options.signal.addEventListener('abort', onAbort, { once: true });
    const lines = (stream: NodeJS.ReadableStream, keep: boolean) => {
      let buffered = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        buffered += chunk;
        const parts = buffered.split(/\r?\n|\r/);
        buffered = parts.pop() ?? '';
        for (const line of parts) handle(line, keep);
      });
      stream.on('end', () => {
        if (buffered) handle(buffered, keep);
      });
    };
    const handle = (line: string, keep: boolean) => {
      options.onLine?.(line);
      if (keep && line.trim()) {
        tail.push(line);
        if (tail.length > 20) tail.shift();
      }
    };
    lines(child.stdout, false);
    lines(child.stderr, true);
    child.on('error', (error: NodeJS.ErrnoException) => {
      options.signal.removeEventListener('abort', onAbort);
      reject(
        error.code === 'ENOENT'
          ? new EngineError(
              'DOWNLOAD_FAILED',
              'The download tool is not available on this server.',
              error,
              `${command} is not installed (ENOENT)`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      clearTimeout(killTimer);
      options.signal.removeEventListener('abort', onAbort);
      if (options.signal.aborted) return reject(abortError(options.signal));
      resolve({ code, stderrTail: tail });
    });
  });
}

export function abortError(signal: AbortSignal): EngineError {
  return signal.reason instanceof EngineError
    ? signal.reason
    : new EngineError('CANCELLED', 'The download was cancelled.');
}
