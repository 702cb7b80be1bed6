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
 */
export function runProcess(
  command: string,
  args: string[],
  options: { signal: AbortSignal; onLine?: (line: string) => void; cwd?: string },
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) return reject(abortError(options.signal));
    const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const tail: string[] = [];
    let killTimer: NodeJS.Timeout | undefined;
    const onAbort = () => {
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), 3000);
      killTimer.unref();
    };
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
              `The download tool ${command} is not installed on this server.`,
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
