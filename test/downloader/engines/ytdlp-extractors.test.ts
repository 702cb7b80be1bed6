import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { Config } from '../../../src/config.js';
import { defaultEngines } from '../../../src/downloader/downloader-for.js';
import { PLATFORM_EXTRACTORS } from '../../../src/downloader/engines/ytdlp-args.js';
import { YtdlpEngine } from '../../../src/downloader/engines/ytdlp-engine.js';
import { matchPlatformUrl } from '../../../src/downloader/match-url.js';
import { PLATFORM_INFO, PLATFORMS, type Platform } from '../../../src/downloader/platforms.js';
import { fixtureServer } from '../fixture-server.js';
import { engineContext } from './engine-context.js';
import { scratch } from './media-tools.js';

// The installed yt-dlp (Debian's 2023.03.04 here) decides which links it can place; these tests
// ask it, with the arguments the engine really passes, whether every kind of link we accept
// reaches one of the platform's extractors.
const ytdlpMissing = spawnSync('yt-dlp', ['--version']).status !== 0 && 'yt-dlp is not installed';

/** One link per host pattern a platform's allowlist takes, in the forms people share. */
const SAMPLES: Partial<Record<Platform, string[]>> = {
  youtube: [
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=dQw4w9WgXcQ',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    // Shared from a playlist: YoutubeYtBe, then youtube:tab, then (--no-playlist) the video.
    'https://youtu.be/dQw4w9WgXcQ?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://youtube-nocookie.com/embed/dQw4w9WgXcQ',
  ],
  tiktok: [
    'https://www.tiktok.com/@someone/video/7312345678901234567',
    'https://tiktok.com/@someone/video/7312345678901234567',
    'https://m.tiktok.com/@someone/video/7312345678901234567',
    'https://vm.tiktok.com/ZMabc123/',
    'https://vt.tiktok.com/ZSabc123/',
    'https://www.tiktok.com/t/ZTabc123/',
  ],
  instagram: [
    'https://www.instagram.com/p/Cabc123xyz/',
    'https://instagram.com/reel/Cabc123xyz/',
    'https://www.instagram.com/tv/Cabc123xyz/',
    'https://m.instagram.com/p/Cabc123xyz/',
    'https://instagr.am/p/Cabc123xyz/',
  ],
  facebook: [
    'https://www.facebook.com/watch/?v=123456789',
    'https://facebook.com/someone/videos/123456789/',
    'https://m.facebook.com/story.php?story_fbid=123456789&id=42',
    'https://web.facebook.com/watch/?v=123456789',
    'https://www.facebook.com/reel/123456789',
    'https://fb.com/watch/?v=123456789',
    'https://www.fb.com/watch/?v=123456789',
    'https://fb.watch/abcDEF123/',
  ],
  twitter: [
    'https://twitter.com/someone/status/1234567890',
    'https://www.twitter.com/someone/status/1234567890',
    'https://mobile.twitter.com/someone/status/1234567890',
    'https://x.com/someone/status/1234567890',
    'https://www.x.com/someone/status/1234567890',
    'https://mobile.x.com/someone/status/1234567890',
  ],
  soundcloud: [
    'https://soundcloud.com/artist/track',
    'https://www.soundcloud.com/artist/track',
    'https://m.soundcloud.com/artist/track',
    'https://on.soundcloud.com/AbC123',
  ],
};

/** Where the short links we follow ourselves lead (the fetch is played on loopback). */
const SHORT_LINKS = {
  'https://fb.watch/abcDEF123/': { redirect: 'https://www.facebook.com/watch/?v=123456789' },
  'https://www.facebook.com/watch/?v=123456789': { body: '<html></html>' },
  'https://on.soundcloud.com/AbC123': { redirect: 'https://soundcloud.com/artist/track?si=abc' },
  'https://soundcloud.com/artist/track?si=abc': { body: '<html></html>' },
};

const NOT_PLACED = /No suitable extractor|Unsupported URL/i;

describe('yt-dlp platforms against the installed yt-dlp', { skip: ytdlpMissing }, async () => {
  // Only the tool paths of the configuration matter to which engine serves which platform.
  const engines = defaultEngines({ ytdlpPath: 'yt-dlp', ffmpegPath: 'ffmpeg' } as Config);
  const ytdlpPlatforms = PLATFORMS.filter((p) => engines[p] instanceof YtdlpEngine);

  // yt-dlp gets every option the engine gives it, plus --simulate and a proxy on loopback that
  // hangs up at once: an extractor that takes the link fails fast on the network with its own
  // name in the error, while a link no extractor takes fails with "No suitable extractor".
  // Nothing leaves this machine.
  let proxied = 0;
  const proxy = createServer((socket) => {
    proxied++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  after(() => new Promise<void>((resolve) => proxy.close(() => resolve())));
  const wrapper = join(scratch(), 'yt-dlp-offline');
  const ytdlp = execFileSync('sh', ['-c', 'command -v yt-dlp'], { encoding: 'utf8' }).trim();
  writeFileSync(
    wrapper,
    `#!/bin/sh\nexec '${ytdlp}' --simulate --proxy http://127.0.0.1:${(proxy.address() as AddressInfo).port} --extractor-retries 0 "$@"\n`,
  );
  chmodSync(wrapper, 0o755);
  const shortLinks = await fixtureServer(SHORT_LINKS);
  const engine = new YtdlpEngine({ ytdlpPath: wrapper, ffmpegPath: 'ffmpeg' }, shortLinks.fetcher);

  /** What yt-dlp says (the failure's detail, for the log) when the deployed engine hands it `url` for `platform`. */
  async function ytdlpAnswer(platform: Platform, url: string): Promise<string> {
    const { context } = engineContext({ platform, url, mode: 'video' });
    try {
      await engine.run(context);
      return 'finished';
    } catch (error) {
      return (error as Error & { detail?: string }).detail ?? (error as Error).message;
    }
  }

  test('every platform yt-dlp serves has an extractor family and samples for each of its hosts', () => {
    assert.deepEqual(ytdlpPlatforms.sort(), Object.keys(PLATFORM_EXTRACTORS).sort());
    for (const platform of ytdlpPlatforms) {
      const samples = SAMPLES[platform] ?? [];
      for (const domain of PLATFORM_INFO[platform].hosts) {
        assert.ok(
          samples.some((url) => {
            const host = new URL(url).hostname;
            return host === domain || host.endsWith(`.${domain}`);
          }),
          `${platform}: no sample for ${domain}`,
        );
      }
      for (const url of samples) assert.equal(matchPlatformUrl(platform, url).ok, true, url);
    }
  });

  test('each family names real extractors and never the generic one', () => {
    const names = execFileSync('yt-dlp', ['--ignore-config', '--list-extractors'], { encoding: 'utf8' })
      .split('\n')
      .map((line) =>
        line
          .replace(/\s*\(CURRENTLY BROKEN\)\s*$/, '')
          .trim()
          .toLowerCase(),
      )
      .filter(Boolean);
    assert.ok(names.includes('generic'));
    for (const [platform, family] of Object.entries(PLATFORM_EXTRACTORS)) {
      // As yt-dlp reads it: comma-separated, each a case-insensitive regex over the whole name.
      for (const pattern of family.split(',')) {
        const whole = new RegExp(`^(?:${pattern})$`, 'i');
        assert.ok(
          names.some((name) => whole.test(name)),
          `${platform}: ${pattern} names no extractor`,
        );
        assert.equal(whole.test('generic'), false, `${platform}: ${pattern} lets the generic extractor in`);
      }
    }
  });

  test('a link of no platform is placed by no extractor (the check below can fail)', async () => {
    const answer = await ytdlpAnswer('youtube', 'https://example.com/clip.mp4');
    assert.match(answer, NOT_PLACED);
  });

  for (const [platform, samples] of Object.entries(SAMPLES) as Array<[Platform, string[]]>) {
    test(`${platform}: every accepted kind of link reaches one of its extractors`, async () => {
      const answers = await Promise.all(
        samples.map(async (raw) => {
          const match = matchPlatformUrl(platform, raw);
          assert.ok(match.ok, raw);
          return { raw, answer: await ytdlpAnswer(platform, match.url) };
        }),
      );
      for (const { raw, answer } of answers) {
        assert.doesNotMatch(answer, NOT_PLACED, raw);
        // "ERROR: [extractor] id: Unable to download …": an extractor took it.
        assert.match(answer, /(?:^|: )ERROR: \[[\w:.]+\]/m, `${raw}: ${answer}`);
      }
      assert.ok(proxied > 0, 'yt-dlp went through the loopback proxy');
    });
  }
});
