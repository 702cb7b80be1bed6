import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bestMatch } from '../../../src/downloader/extractors/best-match.js';
import { jsonScripts, metaContent } from '../../../src/downloader/extractors/embedded-json.js';
import { extractPinterestPin, pinIdOf, toOriginal } from '../../../src/downloader/extractors/pinterest.js';
import { extractSpotifyTrack } from '../../../src/downloader/extractors/spotify.js';
import { extractThreadsMedia, threadsCodeOf } from '../../../src/downloader/extractors/threads.js';
import { fixture } from '../fixture-server.js';

const page = (name: string) => fixture(name).toString('utf8');

describe('embedded JSON', () => {
  test('reads JSON script blocks, skips scripts and broken JSON, filters by id', () => {
    const html = `<script>var a = 1</script><script type="application/json">{"a":1}</script>
      <script type="application/json">{broken</script><script id="__NEXT_DATA__" type="application/json">{"b":2}</script>`;
    assert.deepEqual(jsonScripts(html), [{ a: 1 }, { b: 2 }]);
    assert.deepEqual(jsonScripts(html, '__NEXT_DATA__'), [{ b: 2 }]);
  });

  test('reads meta tags by property or name, decoding entities', () => {
    const html = `<meta content="A &amp; B" property="og:title"><meta name="description" content="d">`;
    assert.equal(metaContent(html, 'og:title'), 'A & B');
    assert.equal(metaContent(html, 'description'), 'd');
    assert.equal(metaContent(html, 'og:image'), null);
  });
});

describe('Pinterest', () => {
  test('the pin id of pin URLs', () => {
    assert.equal(pinIdOf('https://www.pinterest.com/pin/123456789012/'), '123456789012');
    assert.equal(pinIdOf('https://de.pinterest.com/pin/sunset-over-the-bay--123456789012/'), '123456789012');
    assert.equal(pinIdOf('https://www.pinterest.com/someone/boards/'), null);
  });

  test('the original image of the pin itself from the Redux state, not a related pin', () => {
    const pin = extractPinterestPin(
      page('pinterest-pin.html'),
      'https://www.pinterest.com/pin/123456789012/',
    );
    assert.deepEqual(pin, {
      pinId: '123456789012',
      images: ['https://i.pinimg.com/originals/ab/cd/ef/abcdef0123456789.jpg'],
    });
  });

  test('the original image and carousel slots from a Relay response', () => {
    const pin = extractPinterestPin(
      page('pinterest-relay.html'),
      'https://www.pinterest.com/pin/987654321098/',
    );
    assert.deepEqual(pin.images, [
      'https://i.pinimg.com/originals/12/34/56/1234567890abcdef.png',
      'https://i.pinimg.com/originals/aa/bb/cc/slot2.png',
    ]);
  });

  test('og:image raised to the original size as the last resort', () => {
    const pin = extractPinterestPin(page('pinterest-og-only.html'), 'https://www.pinterest.com/pin/1111111/');
    assert.deepEqual(pin.images, ['https://i.pinimg.com/originals/0f/0f/0f/onlyog.jpg']);
    assert.equal(toOriginal('https://i.pinimg.com/236x/aa/b.jpg'), 'https://i.pinimg.com/originals/aa/b.jpg');
  });

  test('images off Pinterest’s CDN are ignored', () => {
    const html = `<meta property="og:image" content="https://evil.io/736x/a.jpg">`;
    assert.deepEqual(extractPinterestPin(html, 'https://www.pinterest.com/pin/1111111/').images, []);
  });
});

describe('Threads', () => {
  test('the shortcode of post URLs', () => {
    assert.equal(threadsCodeOf('https://www.threads.net/@someone/post/C1a2B3c4D5e'), 'C1a2B3c4D5e');
    assert.equal(threadsCodeOf('https://www.threads.com/@someone/post/C1a2B3c4D5e/media'), 'C1a2B3c4D5e');
    assert.equal(threadsCodeOf('https://www.threads.net/@someone'), null);
  });

  test('a carousel post: the largest image and the best video, and none of the replies', () => {
    const media = extractThreadsMedia(
      page('threads-post.html'),
      'https://www.threads.net/@someone/post/C1a2B3c4D5e',
    );
    assert.deepEqual(media, [
      { kind: 'image', url: 'https://scontent.cdninstagram.com/v/t51/a-1080.jpg' },
      { kind: 'video', url: 'https://scontent.cdninstagram.com/o1/v/t16/b-720.mp4' },
    ]);
  });

  test('a video post', () => {
    const media = extractThreadsMedia(
      page('threads-video.html'),
      'https://www.threads.net/@someone/post/DvIdEo12345',
    );
    assert.deepEqual(media, [
      { kind: 'video', url: 'https://scontent-fra.cdninstagram.com/o1/v/t2/clip.mp4?efg=x' },
    ]);
  });

  test('a text-only post, or a page without the post, has no media', () => {
    assert.deepEqual(
      extractThreadsMedia(page('threads-text-only.html'), 'https://www.threads.net/@a/post/TeXtOnLy123'),
      [],
    );
    assert.deepEqual(
      extractThreadsMedia(page('threads-post.html'), 'https://www.threads.net/@a/post/NotThere999'),
      [],
    );
  });
});

describe('Spotify', () => {
  test('title, artists, duration and the largest cover from the embed page', () => {
    assert.deepEqual(extractSpotifyTrack(page('spotify-embed.html')), {
      title: 'Never Gonna Give You Up',
      artists: ['Rick Astley'],
      durationMs: 213573,
      coverUrl: 'https://i.scdn.co/image/ab67616d0000b273large',
    });
  });

  test('the og: tags when the page has no player data', () => {
    assert.deepEqual(extractSpotifyTrack(page('spotify-og-only.html')), {
      title: 'Bohemian Rhapsody & More',
      artists: ['Queen'],
      durationMs: null,
      coverUrl: 'https://i.scdn.co/image/ab67616d0000b273queen',
    });
    assert.equal(extractSpotifyTrack('<html></html>'), null);
  });

  test('the best search result: the right words, the right length, no live or cover versions', () => {
    const track = { title: 'Never Gonna Give You Up', artists: ['Rick Astley'], durationMs: 213_000 };
    const candidates = [
      {
        id: 'live0000000',
        title: 'Rick Astley - Never Gonna Give You Up (Live)',
        channel: 'Fan',
        duration: 240,
      },
      { id: 'cover000000', title: 'Never Gonna Give You Up cover', channel: 'Someone', duration: 210 },
      {
        id: 'dQw4w9WgXcQ',
        title: 'Rick Astley - Never Gonna Give You Up (Official Music Video)',
        channel: 'Rick Astley',
        duration: 213,
      },
      { id: 'other000000', title: 'Together Forever', channel: 'Rick Astley', duration: 200 },
    ];
    assert.equal(bestMatch(track, candidates)?.id, 'dQw4w9WgXcQ');
    assert.equal(bestMatch(track, [candidates[3]]), null, 'nothing of the title: no match');
  });
});
