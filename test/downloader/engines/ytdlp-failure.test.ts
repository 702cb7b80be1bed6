import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ytdlpFailure } from '../../../src/downloader/engines/ytdlp-engine.js';
import { classifyYtdlpFailure } from '../../../src/downloader/engines/ytdlp-failure.js';
import { JOB_ERROR_CODES } from '../../../src/downloader/job-errors.js';

// What yt-dlp (and the Python and ffmpeg under it) print on stderr when a run fails, as they print
// it, with the code each must come out as.
const CASES: Array<[string, string[], string]> = [
  [
    'HTTP 404 of a direct file',
    [
      '[generic] Extracting URL: https://cdn.example/media/missing.mp4',
      "ERROR: [generic] None: Unable to download webpage: HTTP Error 404: Not Found (caused by <HTTPError 404: 'Not Found'>); please report this issue on  https://github.com/yt-dlp/yt-dlp/issues?q= , filling out the appropriate issue template.",
    ],
    'NOT_FOUND_AT_SOURCE',
  ],
  ['HTTP 410', ['ERROR: unable to download video data: HTTP Error 410: Gone'], 'NOT_FOUND_AT_SOURCE'],
  [
    'a removed YouTube video',
    ['[youtube] dQw4w9WgXcX: Downloading webpage', 'ERROR: [youtube] dQw4w9WgXcX: Video unavailable'],
    'NOT_FOUND_AT_SOURCE',
  ],
  [
    'a terminated account',
    [
      'ERROR: [youtube] abcdefghijk: Video unavailable. This video is no longer available because the YouTube account associated with this video has been terminated.',
    ],
    'NOT_FOUND_AT_SOURCE',
  ],
  [
    'a private video',
    ["ERROR: [youtube] abcdefghijk: Private video. Sign in if you've been granted access to this video"],
    'NOT_FOUND_AT_SOURCE',
  ],
  [
    'a private Instagram post',
    [
      'ERROR: [Instagram] CxYz123: Requested content is not available, rate-limit reached or login required. Use --cookies, --cookies-from-browser, --username and --password, --netrc-cmd, or --netrc (instagram) to provide account credentials',
    ],
    'NOT_FOUND_AT_SOURCE',
  ],
  [
    'geo-restricted (YouTube)',
    [
      'ERROR: [youtube] abcdefghijk: Video unavailable. The uploader has not made this video available in your country',
    ],
    'NOT_FOUND_AT_SOURCE',
  ],
  [
    'geo-restricted (GeoRestrictedError)',
    [
      'ERROR: [Vimeo] 123456: This video is not available from your location due to geo restriction. You might want to use a VPN or a proxy server (with --proxy) to workaround.',
    ],
    'NOT_FOUND_AT_SOURCE',
  ],
  [
    'age-restricted',
    [
      'ERROR: [youtube] abcdefghijk: Sign in to confirm your age. This video may be inappropriate for some users. Use --cookies-from-browser or --cookies for the authentication.',
    ],
    'NOT_FOUND_AT_SOURCE',
  ],
  [
    'a tweet without video',
    ['ERROR: [twitter] 1712345678901234567: No video could be found in this tweet'],
    'NOT_FOUND_AT_SOURCE',
  ],
  [
    'an unsupported URL (generic extractor)',
    [
      '[generic] Extracting URL: https://www.youtube.com/about',
      'ERROR: Unsupported URL: https://www.youtube.com/about',
    ],
    'UNSUPPORTED_URL',
  ],
  [
    'no extractor among the allowed ones',
    ['ERROR: No suitable extractor found for URL https://www.youtube.com/@channel/community'],
    'UNSUPPORTED_URL',
  ],
  [
    'DNS failure',
    [
      '[generic] x: Downloading webpage',
      "ERROR: [generic] None: Unable to download webpage: <urlopen error [Errno -2] Name or service not known> (caused by URLError(gaierror(-2, 'Name or service not known')))",
    ],
    'SOURCE_UNREACHABLE',
  ],
  [
    'connection refused',
    [
      "ERROR: [youtube] abcdefghijk: Unable to download webpage: <urlopen error [Errno 111] Connection refused> (caused by URLError(ConnectionRefusedError(111, 'Connection refused')))",
    ],
    'SOURCE_UNREACHABLE',
  ],
  [
    'read time-out while downloading',
    [
      "ERROR: [download] Got error: HTTPSConnectionPool(host='rr3---sn-4g5e6nsz.googlevideo.com', port=443): Read timed out. (read timeout=20.0)",
    ],
    'SOURCE_UNREACHABLE',
  ],
  [
    'the platform’s own server error',
    ['ERROR: [youtube] abcdefghijk: Unable to download API page: HTTP Error 503: Service Unavailable'],
    'SOURCE_UNREACHABLE',
  ],
  [
    'rate-limited',
    ['ERROR: [TikTok] 7234567890123456789: Unable to download webpage: HTTP Error 429: Too Many Requests'],
    'SOURCE_UNREACHABLE',
  ],
  [
    'the bot check',
    [
      'ERROR: [youtube] abcdefghijk: Sign in to confirm you’re not a bot. Use --cookies-from-browser or --cookies for the authentication. See  https://github.com/yt-dlp/yt-dlp/wiki/FAQ#how-do-i-pass-cookies-to-yt-dlp  for how to manually pass cookies.',
    ],
    'SOURCE_UNREACHABLE',
  ],
  [
    'the egress guard refusing the tunnel',
    [
      "ERROR: [youtube] abcdefghijk: Unable to download webpage: <urlopen error Tunnel connection failed: 403 Forbidden> (caused by URLError(OSError('Tunnel connection failed: 403 Forbidden')))",
    ],
    'SOURCE_UNREACHABLE',
  ],
  [
    'TLS failure',
    [
      '[generic] x: Downloading webpage',
      'ERROR: [generic] None: Unable to download webpage: <urlopen error [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: unable to get local issuer certificate (_ssl.c:992)>',
    ],
    'SOURCE_UNREACHABLE',
  ],
  ['DRM', ['ERROR: [youtube] abcdefghijk: This video is DRM protected'], 'UNSUPPORTED_CONTENT'],
  [
    'no format left',
    [
      'ERROR: [youtube] abcdefghijk: Requested format is not available. Use --list-formats for a list of available formats',
    ],
    'UNSUPPORTED_CONTENT',
  ],
  [
    'an upcoming live event',
    ['ERROR: [youtube] abcdefghijk: This live event will begin in 3 hours.'],
    'UNSUPPORTED_CONTENT',
  ],
  [
    'ffmpeg missing',
    [
      'ERROR: Postprocessing: ffprobe and ffmpeg not found. Please install or provide the path using --ffmpeg-location',
    ],
    'DOWNLOAD_FAILED',
  ],
  [
    'ffmpeg conversion failure',
    [
      '[ExtractAudio] Destination: /data/tmp/downloads/job1/clip.mp3',
      'ERROR: Postprocessing: audio conversion failed: Error opening output files: Invalid argument',
    ],
    'DOWNLOAD_FAILED',
  ],
  [
    'ffmpeg merge failure',
    ['[Merger] Merging formats into "/data/tmp/downloads/job1/clip.mp4"', 'ERROR: ffmpeg exited with code 1'],
    'DOWNLOAD_FAILED',
  ],
  [
    'a Python crash with no ERROR line',
    [
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3/dist-packages/yt_dlp/__init__.py", line 950, in main',
      "KeyError: 'formats'",
    ],
    'DOWNLOAD_FAILED',
  ],
  [
    'an extractor that no longer understands the page',
    [
      'ERROR: [facebook] 1234567890: Cannot parse data; please report this issue on  https://github.com/yt-dlp/yt-dlp/issues?q= , filling out the appropriate issue template. Confirm you are on the latest version using  yt-dlp -U',
    ],
    'DOWNLOAD_FAILED',
  ],
  ['nothing on stderr', [], 'DOWNLOAD_FAILED'],
];

describe('classifyYtdlpFailure', () => {
  for (const [name, lines, code] of CASES) {
    test(`${name} → ${code}`, () => {
      const result = classifyYtdlpFailure(lines, 1);
      assert.equal(result.code, code);
      assert.ok(JOB_ERROR_CODES.includes(result.code));
      // A sentence of ours: none of the tool's words, paths, URLs or Python in it.
      assert.match(result.message, /^[A-Z].*[.;)]$/);
      assert.doesNotMatch(result.message, /ERROR|HTTP|Errno|urlopen|yt-dlp|ffmpeg|python|\/|\[|https?:/i);
    });
  }

  test('WARNING lines alone do not decide when there is an ERROR line', () => {
    const result = classifyYtdlpFailure(
      ['WARNING: [youtube] Unable to download webpage: HTTP Error 503', 'ERROR: [youtube] x: Private video'],
      1,
    );
    assert.equal(result.code, 'NOT_FOUND_AT_SOURCE');
  });

  test('killed by a signal it did not get from us: DOWNLOAD_FAILED', () => {
    assert.deepEqual(classifyYtdlpFailure([], null), {
      code: 'DOWNLOAD_FAILED',
      message: 'The download tool stopped unexpectedly.',
    });
  });
});

describe('ytdlpFailure', () => {
  test('the client’s message is ours; yt-dlp’s lines, paths and all, are the detail for the log', () => {
    const error = ytdlpFailure(
      [
        'WARNING: something',
        'ERROR: unable to write /data/downloads/job1/a.mp4: [Errno 28] No space left on device',
      ],
      1,
    );
    assert.equal(error.code, 'DOWNLOAD_FAILED');
    assert.equal(error.message, 'The download failed.');
    assert.match(error.detail ?? '', /^exit 1: WARNING: something\nERROR: unable to write \/data/);
  });
});
