import assert from 'node:assert/strict';
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { YtdlpEngine } from '../../../src/downloader/engines/ytdlp-engine.js';
import { engineContext } from './engine-context.js';
import { makeClip, probe, scratch } from './media-tools.js';

// The real yt-dlp and ffmpeg (Debian packages yt-dlp, ffmpeg) fetch a clip we serve on loopback
// with yt-dlp's generic extractor, exactly as a worker runs them.
const engine = new YtdlpEngine({ ytdlpPath: 'yt-dlp', ffmpegPath: 'ffmpeg', anyExtractor: true });
const clip = makeClip(join(scratch(), 'clip.mp4'));
const clipSize = statSync(clip).size;
let requestsSeen = 0;
const server = createServer((req, res) => {
  requestsSeen += 1;
  // The same clip without a declared size (chunked), as fragmented streams and some CDNs send it.
  if (req.url === '/media/undeclared.mp4') {
    res.writeHead(200, { 'content-type': 'video/mp4' });
    return createReadStream(clip).pipe(res);
  }
  if (req.url !== '/media/clip.mp4') return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': clipSize });
  createReadStream(clip).pipe(res);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
after(() => new Promise<void>((resolve) => server.close(() => resolve())));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe('YtdlpEngine with the real yt-dlp and ffmpeg', () => {
  test('video: downloads the clip as mp4 with picture and sound, reporting progress', async () => {
    const { context, workDir, progress } = engineContext({
      platform: 'youtube',
      url: `${origin}/media/clip.mp4`,
      mode: 'video',
      quality: '360',
    });
    await engine.run(context);
    const files = readdirSync(workDir);
    assert.equal(files.length, 1, files.join());
    assert.match(files[0], /\.mp4$/);
    const info = probe(join(workDir, files[0]));
    assert.deepEqual(info.streams.map((s) => s.codec_type).sort(), ['audio', 'video']);
    assert.ok(progress.length > 0, 'progress was reported');
    assert.ok(
      progress.every((p, i) => i === 0 || p.percent >= progress[i - 1].percent),
      'progress never goes back',
    );
  });

  test('audio: extracts mp3 at the requested bitrate', async () => {
    const { context, workDir } = engineContext({
      platform: 'soundcloud',
      url: `${origin}/media/clip.mp4`,
      mode: 'audio',
      audioFormat: 'mp3',
      audioBitrate: 128,
    });
    await engine.run(context);
    const files = readdirSync(workDir);
    assert.equal(files.length, 1, files.join());
    assert.match(files[0], /\.mp3$/);
    const [audio] = probe(join(workDir, files[0])).streams;
    assert.equal(audio.codec_name, 'mp3');
    assert.equal(audio.bit_rate, '128000');
  });

  test('a missing file (HTTP 404) is NOT_FOUND_AT_SOURCE, in our words; yt-dlp’s own go to the detail', async () => {
    const { context } = engineContext({
      platform: 'youtube',
      url: `${origin}/media/missing.mp4`,
      mode: 'video',
    });
    await assert.rejects(engine.run(context), (error: Error & { code?: string }) => {
      assert.equal(error.code, 'NOT_FOUND_AT_SOURCE');
      assert.doesNotMatch(error.message, /404|ERROR|HTTP/);
      assert.match((error as Error & { detail?: string }).detail ?? '', /HTTP Error 404/);
      return true;
    });
  });

  test('a file over the size limit is TOO_LARGE', async () => {
    const { context } = engineContext(
      { platform: 'youtube', url: `${origin}/media/clip.mp4`, mode: 'video' },
      { maxBytes: Math.floor(clipSize / 2) },
    );
    await assert.rejects(engine.run(context), { code: 'TOO_LARGE' });
  });

  test('a file that declares no size is stopped at the size limit as it arrives', async () => {
    // yt-dlp's --max-filesize has no size to check here; the engine counts the bytes it reports.
    const { context } = engineContext(
      { platform: 'youtube', url: `${origin}/media/undeclared.mp4`, mode: 'video' },
      { maxBytes: Math.floor(clipSize / 2) },
    );
    await assert.rejects(engine.run(context), { code: 'TOO_LARGE' });
  });

  test('an aborted job stops the tool and says why', async () => {
    const { context, controller } = engineContext({ platform: 'youtube', url: `${origin}/media/clip.mp4` });
    const run = engine.run(context);
    controller.abort();
    await assert.rejects(run, { code: 'CANCELLED' });
  });

  test('as deployed, yt-dlp keeps to the platform’s extractors: a URL it cannot place is never fetched', async () => {
    const deployed = new YtdlpEngine({ ytdlpPath: 'yt-dlp', ffmpegPath: 'ffmpeg' });
    const before = requestsSeen;
    const { context } = engineContext({
      platform: 'youtube',
      url: `${origin}/media/clip.mp4`,
      mode: 'video',
    });
    await assert.rejects(deployed.run(context), { code: 'UNSUPPORTED_URL' });
    assert.equal(requestsSeen, before, 'the generic extractor did not fetch the loopback URL');
  });
});
