import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';

const dir = mkdtempSync(join(tmpdir(), 'kizuna-fake-ffmpeg-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** An executable shell script standing in for ffmpeg (FFMPEG_PATH), removed after the test file. */
export function fakeFfmpeg(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** An ffmpeg that fails as a broken installation does: a message on stderr, exit code 1. */
export const failingFfmpeg = () => fakeFfmpeg('ffmpeg-fails', `echo "Unknown encoder 'libx264'" >&2\nexit 1`);

/** An ffmpeg that never finishes; `exec` so that killing it kills the sleep, not only the shell. */
export const hangingFfmpeg = () => fakeFfmpeg('ffmpeg-hangs', 'exec sleep 300');

/** An ffmpeg that "succeeds" with something that is not a video: its last argument is the output. */
export const garbageFfmpeg = () =>
  fakeFfmpeg('ffmpeg-garbage', 'for last; do :; done\necho "not a video at all" > "$last"');
