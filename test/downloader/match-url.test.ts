import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { matchPlatformUrl, spotifyTrackId } from '../../src/downloader/match-url.js';
import { PLATFORMS, type Platform } from '../../src/downloader/platforms.js';

const accepts: Record<Platform, string[]> = {
  tiktok: [
    'https://www.tiktok.com/@user/video/7312345678901234567',
    'https://vm.tiktok.com/ZMabc123/',
    'https://m.tiktok.com/v/1.html',
  ],
  youtube: [
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://m.youtube.com/shorts/dQw4w9WgXcQ',
    'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
    'http://youtube.com/watch?v=dQw4w9WgXcQ',
  ],
  spotify: ['https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC'],
  soundcloud: [
    'https://soundcloud.com/artist/track',
    'https://on.soundcloud.com/abc',
    'https://m.soundcloud.com/a/b',
  ],
  instagram: ['https://www.instagram.com/reel/Cabc123/', 'https://instagram.com/p/Cabc123/'],
  facebook: [
    'https://www.facebook.com/watch/?v=123',
    'https://fb.watch/abc123/',
    'https://m.facebook.com/story.php?id=1',
  ],
  twitter: [
    'https://twitter.com/user/status/1',
    'https://x.com/user/status/1',
    'https://mobile.twitter.com/user/status/1',
  ],
  pinterest: [
    'https://www.pinterest.com/pin/123456789/',
    'https://pin.it/abc123',
    'https://de.pinterest.com/pin/1/',
    'https://www.pinterest.co.uk/pin/1/',
  ],
  threads: ['https://www.threads.net/@user/post/Cabc123', 'https://www.threads.com/@user/post/Cabc123'],
};

describe('matchPlatformUrl', () => {
  for (const platform of PLATFORMS) {
    test(`${platform}: accepts its own hosts and subdomains`, () => {
      for (const url of accepts[platform]) {
        const match = matchPlatformUrl(platform, url);
        assert.equal(match.ok, true, `${url}: ${match.ok ? '' : match.reason}`);
      }
    });

    test(`${platform}: refuses every other platform's links`, () => {
      for (const other of PLATFORMS) {
        if (other === platform) continue;
        for (const url of accepts[other])
          assert.equal(matchPlatformUrl(platform, url).ok, false, `${platform} ← ${url}`);
      }
    });
  }

  test('refuses look-alike hosts', () => {
    for (const url of [
      'https://youtube.com.evil.io/watch?v=x',
      'https://evilyoutube.com/watch?v=x',
      'https://youtube.co/watch?v=x',
      'https://www.youtube.com.evil.io/',
      'https://notyoutu.be/abc',
      'https://youtube.com-evil.io/',
      'https://xn--youtube-xx.com/',
    ]) {
      assert.equal(matchPlatformUrl('youtube', url).ok, false, url);
    }
    assert.equal(matchPlatformUrl('twitter', 'https://x.com.evil.io/a').ok, false);
    assert.equal(matchPlatformUrl('twitter', 'https://box.com/a').ok, false);
    assert.equal(matchPlatformUrl('twitter', 'https://t.co/abc').ok, false, 't.co redirects anywhere');
  });

  test('refuses user info, which makes the real host the part after @', () => {
    for (const url of [
      'https://youtube.com@evil.io/watch',
      'https://user:pass@youtube.com/watch',
      'https://a@youtube.com/',
    ]) {
      const match = matchPlatformUrl('youtube', url);
      assert.equal(match.ok, false, url);
    }
  });

  test('refuses IP literals in any spelling', () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://2130706433/',
      'https://0x7f.0.0.1/',
      'https://10.0.0.1/watch',
    ]) {
      assert.equal(matchPlatformUrl('youtube', url).ok, false, url);
    }
  });

  test('refuses other schemes, ports, whitespace and nonsense', () => {
    for (const url of [
      'ftp://youtube.com/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,hi',
      'https://youtube.com:8443/watch',
      'https://you tube.com/',
      'https://youtube.com/\nwatch',
      'https:\\\\youtube.com\\watch',
      'youtube.com/watch?v=x',
      '',
      `https://youtube.com/${'a'.repeat(2100)}`,
    ]) {
      assert.equal(matchPlatformUrl('youtube', url).ok, false, JSON.stringify(url));
    }
  });

  test('the default port is no port at all', () => {
    assert.equal(matchPlatformUrl('youtube', 'https://youtube.com:443/watch').ok, true);
    assert.equal(matchPlatformUrl('youtube', 'http://youtube.com:443/watch').ok, false);
  });

  test('normalises to https and drops the fragment', () => {
    assert.deepEqual(matchPlatformUrl('youtube', 'http://YouTube.com/watch?v=abc#t=10'), {
      ok: true,
      url: 'https://youtube.com/watch?v=abc',
    });
  });
});

describe('spotifyTrackId', () => {
  test('reads track links, also localized ones', () => {
    assert.equal(
      spotifyTrackId('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC'),
      '4uLU6hMCjMI75M1A2tKUQC',
    );
    assert.equal(
      spotifyTrackId('https://open.spotify.com/intl-de/track/4uLU6hMCjMI75M1A2tKUQC?si=x'),
      '4uLU6hMCjMI75M1A2tKUQC',
    );
  });

  test('refuses albums, playlists and artists', () => {
    for (const kind of ['album', 'playlist', 'artist']) {
      assert.equal(spotifyTrackId(`https://open.spotify.com/${kind}/4uLU6hMCjMI75M1A2tKUQC`), null);
    }
  });
});
