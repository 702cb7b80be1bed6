import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * A TypeScript file run in a process of its own, talking JSON lines on stdout. The fixtures say
 * `{"loaded": true}` once everything is imported and then wait for a line on stdin (`go()`), so
 * that a test can let several start at one instant.
 */
export interface Fixture {
  child: ChildProcess;
  /** Everything it said on stdout and stderr, for failure messages. */
  output(): string;
  /** Resolves with the first message of its stdout that has `key`. */
  said(key: string): Promise<Record<string, string>>;
  /** Lets it start. */
  go(): void;
  /** SIGTERM, and its exit code. */
  stop(): Promise<number | null>;
}

/** Runs `script` (a file URL) with `env` added to this process's environment. */
export function spawnFixture(script: URL, env: Record<string, string | undefined>): Fixture {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(script)], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const messages: Array<Record<string, string>> = [];
  const waiting: Array<{ key: string; resolve: (message: Record<string, string>) => void }> = [];
  let partial = '';
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
    partial += chunk;
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      let message: Record<string, string>;
      try {
        message = JSON.parse(line);
      } catch {
        continue;
      }
      messages.push(message);
      for (const w of waiting.filter((w) => w.key in message)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    said: (key) => {
      const known = messages.find((m) => key in m);
      if (known) return Promise.resolve(known);
      return Promise.race([
        new Promise<Record<string, string>>((resolve) => waiting.push({ key, resolve })),
        exited.then((code) => {
          throw new Error(`the fixture exited (${code}) before saying ${key}:\n${output}`);
        }),
      ]);
    },
    go: () => child.stdin?.write('go\n'),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
