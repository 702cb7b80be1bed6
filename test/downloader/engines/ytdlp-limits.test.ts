import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ytdlpArgs } from '../../../src/downloader/engines/ytdlp-args.js';
import { YtdlpEngine } from '../../../src/downloader/engines/ytdlp-engine.js';
import type { JobRequest, Quality } from '../../../src/downloader/job.js';
import { engineContext } from './engine-context.js';
import { scratch } from './media-tools.js';

// The generated arguments, run through the installed yt-dlp without any network: the video's
// details (its formats, whether it is live) come from an info file, as an extractor would give them.
const ytdlpMissing = spawnSync('yt-dlp', ['--version']).status !== 0 && 'yt-dlp is not installed';

const dir = scratch();

interface Format {
  format_id: string;
  height?: number;
  audioOnly?: boolean;
}

function infoFile(name: string, formats: Format[], isLive = false): string {
  const path = join(dir, `${name}.info.json`);
  writeFileSync(
    path,
    JSON.stringify({
      id: name,
      title: name,
      extractor: 'youtube',
      extractor_key: 'Youtube',
      webpage_url: `https://www.youtube.com/watch?v=${name}`,
      is_live: isLive,
      // Port 9 on loopback: nothing is ever fetched, --simulate selects without downloading.
      formats: formats.map((f) => ({
        format_id: f.format_id,
        url: `https://127.0.0.1:9/${f.format_id}`,
        protocol: 'https',
        ext: f.audioOnly ? 'm4a' : 'mp4',
        vcodec: f.audioOnly ? 'none' : 'avc1',
        acodec: f.audioOnly ? 'mp4a' : 'none',
        ...(f.height ? { height: f.height, width: Math.round((f.height * 16) / 9) } : {}),
      })),
    }),
  );
  return path;
}

const request = (quality: Quality): JobRequest => ({
  platform: 'youtube',
  url: 'https://www.youtube.com/watch?v=abc',
  mode: 'video',
  quality,
  audioBitrate: 192,
  audioFormat: 'mp3',
});

/** The format yt-dlp picks with the engine's arguments, or its error. */
function picked(quality: Quality, info: string): string {
  const args = ytdlpArgs(request(quality), { workDir: dir, ffmpegPath: 'ffmpeg', maxBytes: 1e9 });
  assert.deepEqual(args.slice(-2), ['--', request(quality).url]);
  const run = spawnSync(
    'yt-dlp',
    [...args.slice(0, -2), '--simulate', '--print', 'format_id', '--load-info-json', info],
    { encoding: 'utf8' },
  );
  return run.status === 0 ? run.stdout.trim() : run.stderr.trim();
}

const tall = [
  { format_id: 'v4320', height: 4320 },
  { format_id: 'v2160', height: 2160 },
  { format_id: 'v1080', height: 1080 },
  { format_id: 'a', audioOnly: true },
];

describe('the limits as yt-dlp applies them', { skip: ytdlpMissing }, () => {
  test('max takes 2160p even where 4320p is offered', () => {
    assert.equal(picked('max', infoFile('tall', tall)), 'v2160+a');
  });

  test('a requested height is a ceiling: the best at or below it, never above', () => {
    assert.equal(picked('1080', infoFile('tall', tall)), 'v1080+a');
    assert.equal(picked('1440', infoFile('tall', tall)), 'v1080+a');
    assert.match(picked('720', infoFile('tall', tall)), /Requested format is not available/);
  });

  test('formats that do not tell their height are the fallback, not a refusal', () => {
    const unknown = infoFile('unknown', [{ format_id: 'v' }, { format_id: 'a', audioOnly: true }]);
    assert.equal(picked('720', unknown), 'v+a');
    const mixed = infoFile('mixed', [{ format_id: 'v' }, ...tall]);
    assert.equal(picked('max', mixed), 'v2160+a', 'a known height within the cap comes first');
  });

  test('a live stream is refused with a reason, not downloaded', async () => {
    // yt-dlp as deployed, but reading the stream's details from a file instead of the network.
    const wrapper = join(dir, 'yt-dlp-from-info');
    const info = infoFile('live', tall, true);
    writeFileSync(
      wrapper,
      `#!/usr/bin/env node
const { spawnSync } = require('node:child_process');
const args = process.argv.slice(2, -2); // the engine's arguments without the final "-- URL"
const run = spawnSync('yt-dlp', [...args, '--simulate', '--load-info-json', ${JSON.stringify(info)}], { stdio: 'inherit' });
process.exit(run.status ?? 1);
`,
    );
    chmodSync(wrapper, 0o755);
    const engine = new YtdlpEngine({ ytdlpPath: wrapper, ffmpegPath: 'ffmpeg' });
    const { context } = engineContext({ platform: 'youtube', url: 'https://www.youtube.com/watch?v=live' });
    await assert.rejects(engine.run(context), {
      code: 'UNSUPPORTED_CONTENT',
      message: /Live streams cannot be downloaded/,
    });
  });
});
