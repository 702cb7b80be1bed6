import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { EngineError } from '../../../src/downloader/engine.js';
import { runProcess } from '../../../src/downloader/engines/run-process.js';

const dir = mkdtempSync(join(tmpdir(), 'kizuna-run-process-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A fake engine that starts a long-running child of its own (as yt-dlp starts ffmpeg), writes the
 * child's pid to the file given as its first argument, and then either waits or exits at once.
 */
function fakeEngine(name: string, then: 'wait' | 'exit'): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    `#!/bin/sh\nsleep 300 &\necho $! > "$1"\necho started\n${then === 'wait' ? 'wait\n' : 'exit 0\n'}`,
  );
  chmodSync(path, 0o755);
  return path;
}

/** Alive means running or sleeping: a zombie waiting for its reaper is no process left behind. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX]/.test(stat);
  } catch {
    return false;
  }
}

/** Waits (bounded) until the process is gone; true when it went. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (!alive(pid)) return true;
    await sleep(50);
  }
  return false;
}

const childPid = (pidFile: string) => Number(readFileSync(pidFile, 'utf8').trim());

describe('runProcess', { skip: process.platform === 'win32' && 'process groups are POSIX' }, () => {
  it('kills the whole process group on cancel: the child the engine started is not left behind', async () => {
    const pidFile = join(dir, 'cancel.pid');
    const controller = new AbortController();
    const run = runProcess(fakeEngine('cancel.sh', 'wait'), [pidFile], {
      signal: controller.signal,
      onLine: (line) => {
        if (line === 'started') controller.abort();
      },
    });
    await assert.rejects(run, (error: unknown) => error instanceof EngineError && error.code === 'CANCELLED');
    assert.ok(await gone(childPid(pidFile)), 'the grandchild was killed with its parent');
  });

  it('kills the whole group on timeout too', async () => {
    const pidFile = join(dir, 'timeout.pid');
    const controller = new AbortController();
    const run = runProcess(fakeEngine('timeout.sh', 'wait'), [pidFile], {
      signal: controller.signal,
      onLine: (line) => {
        if (line === 'started') controller.abort(new EngineError('TIMEOUT', 'took too long'));
      },
    });
    await assert.rejects(run, (error: unknown) => error instanceof EngineError && error.code === 'TIMEOUT');
    assert.ok(await gone(childPid(pidFile)));
  });

  it('ends what the engine left running when the engine itself exits, and resolves', async () => {
    const pidFile = join(dir, 'exit.pid');
    const result = await runProcess(fakeEngine('exit.sh', 'exit'), [pidFile], {
      signal: new AbortController().signal,
    });
    assert.equal(result.code, 0);
    assert.ok(await gone(childPid(pidFile)));
  });
});
