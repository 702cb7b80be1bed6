import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EngineError } from '../../../src/downloader/engine.js';
import { SHORT_LINK_HOSTS, withKnownHost, ytdlpUrlFor } from '../../../src/downloader/engines/ytdlp-url.js';
import { matchPlatformUrl } from '../../../src/downloader/match-url.js';
import type { Platform } from '../../../src/downloader/platforms.js';
import { fixtureServer } from '../fixture-server.js';

const signal = new AbortController().signal;

describe('withKnownHost', () => {
  test('x.com links go to yt-dlp as twitter.com links, path and query kept', () => {
    assert.equal(
      withKnownHost('https://x.com/someone/status/1?s=20'),
      'https://twitter.com/someone/status/1?s=20',
    );
    assert.equal(withKnownHost('https://www.x.com/someone/status/1'), 'https://twitter.com/someone/status/1');
    assert.equal(
      withKnownHost('https://mobile.x.com/someone/status/1'),
      'https://mobile.twitter.com/someone/status/1',
    );
  });

  test('other alias hosts get the host yt-dlp matches; everything else is left alone', () => {
    assert.equal(withKnownHost('https://tiktok.com/@a/video/1'), 'https://www.tiktok.com/@a/video/1');
    assert.equal(withKnownHost('https://m.tiktok.com/@a/video/1'), 'https://www.tiktok.com/@a/video/1');
    assert.equal(withKnownHost('https://instagr.am/p/Cabc/'), 'https://www.instagram.com/p/Cabc/');
    assert.equal(withKnownHost('https://fb.com/watch/?v=1'), 'https://www.facebook.com/watch/?v=1');
    for (const url of [
      'https://twitter.com/a/status/1',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://vm.tiktok.com/ZMabc/',
      'http://127.0.0.1:8080/media/clip.mp4',
      'https://box.com/x',
    ]) {
      assert.equal(withKnownHost(url), url);
    }
  });
});

describe('ytdlpUrlFor', () => {
  test('every short-link host is one the platform accepts', () => {
    for (const [platform, hosts] of Object.entries(SHORT_LINK_HOSTS)) {
      for (const host of hosts ?? []) {
        assert.equal(matchPlatformUrl(platform as Platform, `https://${host}/abc`).ok, true, host);
      }
    }
  });

  test('fb.watch and on.soundcloud.com links are followed to the post they lead to', async () => {
    const server = await fixtureServer({
      'https://fb.watch/abcDEF123/': { redirect: 'https://www.facebook.com/watch/?v=123456789' },
      'https://www.facebook.com/watch/?v=123456789': { body: '<html>video</html>' },
      'https://on.soundcloud.com/AbC123': { redirect: 'https://m.soundcloud.com/artist/track?si=x' },
      'https://m.soundcloud.com/artist/track?si=x': { body: '<html>track</html>' },
    });
    assert.equal(
      await ytdlpUrlFor({ platform: 'facebook', url: 'https://fb.watch/abcDEF123/' }, server.fetcher, signal),
      'https://www.facebook.com/watch/?v=123456789',
    );
    assert.equal(
      await ytdlpUrlFor(
        { platform: 'soundcloud', url: 'https://on.soundcloud.com/AbC123' },
        server.fetcher,
        signal,
      ),
      'https://m.soundcloud.com/artist/track?si=x',
    );
  });

  test('a short link that leads off the platform, or only to another short link, is refused', async () => {
    const server = await fixtureServer({
      'https://fb.watch/evil/': { redirect: 'https://evil.example/watch/?v=1' },
      'https://evil.example/watch/?v=1': { body: '<html></html>' },
      'https://fb.watch/loop/': { redirect: 'https://fb.watch/loop2/' },
      'https://fb.watch/loop2/': { body: '<html></html>' },
    });
    for (const url of ['https://fb.watch/evil/', 'https://fb.watch/loop/']) {
      await assert.rejects(
        ytdlpUrlFor({ platform: 'facebook', url }, server.fetcher, signal),
        (error) => error instanceof EngineError && error.code === 'UNSUPPORTED_URL',
        url,
      );
    }
  });

  test('a dead short link is NOT_FOUND_AT_SOURCE; a cancelled job does not follow it', async () => {
    const server = await fixtureServer({ 'https://fb.watch/gone/': { status: 404 } });
    await assert.rejects(
      ytdlpUrlFor({ platform: 'facebook', url: 'https://fb.watch/gone/' }, server.fetcher, signal),
      { code: 'NOT_FOUND_AT_SOURCE' },
    );
    const cancelled = new AbortController();
    cancelled.abort(new EngineError('CANCELLED', 'The download was cancelled.'));
    await assert.rejects(
      ytdlpUrlFor({ platform: 'facebook', url: 'https://fb.watch/other/' }, server.fetcher, cancelled.signal),
      { code: 'CANCELLED' },
    );
    assert.deepEqual(server.requested, ['https://fb.watch/gone/']);
  });

  test('links yt-dlp takes itself are not fetched here', async () => {
    const server = await fixtureServer({});
    assert.equal(
      await ytdlpUrlFor({ platform: 'twitter', url: 'https://x.com/a/status/1' }, server.fetcher, signal),
      'https://twitter.com/a/status/1',
    );
    assert.equal(
      await ytdlpUrlFor({ platform: 'tiktok', url: 'https://vm.tiktok.com/ZMabc/' }, server.fetcher, signal),
      'https://vm.tiktok.com/ZMabc/',
    );
    // fb.watch is a short link for Facebook only; anywhere else it is just a host.
    assert.equal(
      await ytdlpUrlFor({ platform: 'youtube', url: 'https://fb.watch/abc/' }, server.fetcher, signal),
      'https://fb.watch/abc/',
    );
    assert.deepEqual(server.requested, []);
  });
});
