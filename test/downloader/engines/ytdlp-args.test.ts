import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  heightCap,
  MAX_VIDEO_HEIGHT,
  wantsAudio,
  ytdlpArgs,
} from '../../../src/downloader/engines/ytdlp-args.js';
import { YtdlpProgressParser } from '../../../src/downloader/engines/ytdlp-progress.js';
import type { JobRequest } from '../../../src/downloader/job.js';

const base: JobRequest = {
  platform: 'youtube',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  mode: 'auto',
  quality: 'max',
  audioBitrate: 192,
  audioFormat: 'mp3',
};
const options = { workDir: '/data/downloads/job1', ffmpegPath: 'ffmpeg', maxBytes: 1000 };
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('ytdlpArgs', () => {
  test('sends every connection through the egress guard it is given', () => {
    const args = ytdlpArgs(base, { ...options, proxy: 'http://127.0.0.1:4321' });
    assert.equal(after(args, '--proxy'), 'http://127.0.0.1:4321');
    assert.ok(args.indexOf('--proxy') < args.indexOf('--'), 'an option, before the URL');
  });

  test('holds yt-dlp to the extractors it is given, and passes none when told to', () => {
    const restricted = ytdlpArgs(base, { ...options, extractors: 'youtube' });
    assert.equal(after(restricted, '--use-extractors'), 'youtube');
    assert.ok(restricted.indexOf('--use-extractors') < restricted.indexOf('--'), 'an option, before the URL');
    assert.equal(ytdlpArgs(base, options).includes('--use-extractors'), false);
  });

  test('video: best streams no taller than the requested height, merged into mp4', () => {
    const args = ytdlpArgs({ ...base, quality: '1080' }, options);
    assert.equal(
      after(args, '--format'),
      'bv*[height<=1080]+ba/b[height<=1080]/bv*[height<=?1080]+ba/b[height<=?1080]',
      'a filter, not only a preference: nothing taller is ever picked',
    );
    assert.equal(after(args, '--format-sort'), 'res:1080,ext:mp4:m4a');
    assert.equal(after(args, '--merge-output-format'), 'mp4');
    assert.equal(args.includes('--extract-audio'), false);
    assert.equal(
      after(ytdlpArgs({ ...base, quality: '360' }, options), '--format'),
      'bv*[height<=360]+ba/b[height<=360]/bv*[height<=?360]+ba/b[height<=?360]',
    );
  });

  test('video: max means 2160p (video up to 4K), never more', () => {
    assert.equal(MAX_VIDEO_HEIGHT, 2160);
    assert.equal(heightCap('max'), 2160);
    assert.equal(heightCap('720'), 720);
    for (const quality of ['max', '2160'] as const) {
      const args = ytdlpArgs({ ...base, quality }, options);
      assert.equal(
        after(args, '--format'),
        'bv*[height<=2160]+ba/b[height<=2160]/bv*[height<=?2160]+ba/b[height<=?2160]',
        quality,
      );
      assert.equal(after(args, '--format-sort'), 'res:2160,ext:mp4:m4a', quality);
    }
  });

  test('live streams are refused and the size limit stays, for video and for audio', () => {
    for (const request of [base, { ...base, mode: 'audio' as const }]) {
      const args = ytdlpArgs(request, options);
      assert.equal(after(args, '--match-filter'), '!is_live');
      assert.equal(after(args, '--max-filesize'), '1000');
      assert.ok(args.indexOf('--match-filter') < args.indexOf('--'), 'an option, before the URL');
    }
  });

  test('audio: extraction at the requested bitrate and format', () => {
    const args = ytdlpArgs({ ...base, mode: 'audio', audioBitrate: 320, audioFormat: 'm4a' }, options);
    assert.ok(args.includes('--extract-audio'));
    assert.equal(after(args, '--audio-format'), 'm4a');
    assert.equal(after(args, '--audio-quality'), '320K');
    assert.equal(after(args, '--format'), 'ba/b');
  });

  test('auto means audio on SoundCloud and Spotify, video elsewhere', () => {
    assert.equal(wantsAudio({ platform: 'soundcloud', mode: 'auto' }), true);
    assert.equal(wantsAudio({ platform: 'youtube', mode: 'auto' }), false);
    assert.equal(wantsAudio({ platform: 'youtube', mode: 'audio' }), true);
  });

  test('the URL comes last after --, limits and paths are set, ffmpeg only when it is a path', () => {
    const args = ytdlpArgs(base, options);
    assert.deepEqual(args.slice(-2), ['--', base.url]);
    assert.equal(after(args, '--max-filesize'), '1000');
    assert.equal(after(args, '--paths'), '/data/downloads/job1');
    assert.ok(
      args.includes('--no-playlist') &&
        args.includes('--restrict-filenames') &&
        args.includes('--ignore-config'),
    );
    assert.equal(args.includes('--ffmpeg-location'), false);
    assert.equal(
      after(ytdlpArgs(base, { ...options, ffmpegPath: '/opt/ffmpeg/bin/ffmpeg' }), '--ffmpeg-location'),
      '/opt/ffmpeg/bin/ffmpeg',
    );
  });
});

describe('YtdlpProgressParser', () => {
  test('reads our progress lines: percent, speed and eta, NA as unknown', () => {
    const parser = new YtdlpProgressParser(1);
    assert.equal(parser.feed('[youtube] dQw4w9WgXcQ: Downloading webpage'), null);
    parser.feed('[download] Destination: Clip [x].mp4');
    assert.deepEqual(parser.feed('[kizuna-progress] 500 1000 NA 2048.5 3'), {
      percent: 50,
      speed: 2049,
      eta: 3,
    });
    assert.deepEqual(parser.feed('[kizuna-progress] 750 NA 1000 NA NA'), {
      percent: 75,
      speed: null,
      eta: null,
    });
  });

  test('spans a picture and a sound stream, and never goes backwards', () => {
    const parser = new YtdlpProgressParser(2);
    parser.feed('[download] Destination: a.f137.mp4');
    assert.equal(parser.feed('[kizuna-progress] 1000 1000 NA 1 0')?.percent, 50);
    parser.feed('[download] Destination: a.f140.m4a');
    assert.equal(parser.feed('[kizuna-progress] 0 100 NA 1 0')?.percent, 50);
    assert.equal(parser.feed('[kizuna-progress] 50 100 NA 1 0')?.percent, 75);
    assert.equal(parser.feed('[Merger] Merging formats into "a.mp4"')?.percent, 99);
    assert.equal(parser.feed('[kizuna-progress] 10 100 NA 1 0')?.percent, 99);
  });

  test('counts the bytes of every stream, with or without a known total', () => {
    const parser = new YtdlpProgressParser(2);
    parser.feed('[download] Destination: a.f137.mp4');
    parser.feed('[kizuna-progress] 400 NA NA 1 NA');
    parser.feed('[kizuna-progress] 1000 NA NA 1 NA');
    assert.equal(parser.bytes, 1000);
    parser.feed('[download] Destination: a.f140.m4a');
    parser.feed('[kizuna-progress] 250 500 NA 1 0');
    assert.equal(parser.bytes, 1250);
    parser.feed('[kizuna-progress] NA NA NA NA NA');
    assert.equal(parser.bytes, 1250);
  });

  test('keeps below 100 until the tool is done', () => {
    const parser = new YtdlpProgressParser(1);
    parser.feed('[download] Destination: a.mp3');
    assert.equal(parser.feed('[kizuna-progress] 100 100 NA 1 0')?.percent, 99);
  });
});
