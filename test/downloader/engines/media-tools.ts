import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';

/** A fresh scratch directory, removed after the file's tests. */
export function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kizuna-media-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A short test picture with a sine tone, made by ffmpeg: what a platform would serve. */
export function makeClip(path: string, seconds = 2): string {
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=320x240:rate=15`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-shortest',
    path,
  ]);
  return path;
}

export interface Probe {
  streams: Array<{
    codec_type: string;
    codec_name: string;
    bit_rate?: string;
    disposition?: { attached_pic?: number };
  }>;
  format: { tags?: Record<string, string>; bit_rate?: string; duration?: string };
}

export function probe(path: string): Probe {
  return JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path], {
      encoding: 'utf8',
    }),
  );
}
