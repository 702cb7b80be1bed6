import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { fileName, SpotifyEngine } from '../../../src/downloader/engines/spotify-engine.js';
import { fixture, fixtureServer } from '../fixture-server.js';
import { engineContext } from './engine-context.js';
import { makeClip, probe, scratch } from './media-tools.js';

const tools = { ytdlpPath: 'yt-dlp', ffmpegPath: 'ffmpeg', anyExtractor: true };
const cover = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
  .jpeg()
  .toBuffer();

describe('SpotifyEngine', () => {
  test('reads the track from the embed page, fetches the matched audio, tags it with title, artist and cover', async () => {
    const clip = readFileSync(makeClip(join(scratch(), 'song.mp4')));
    const { fetcher, origin } = await fixtureServer({
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC': { body: fixture('spotify-embed.html') },
      'https://i.scdn.co/image/ab67616d0000b273large': { body: cover, type: 'image/jpeg' },
      'https://media.test/song.mp4': { body: clip, type: 'video/mp4' },
    });
    const searched: string[] = [];
    // The YouTube search is the one step that needs the internet; here it finds our loopback clip.
    const engine = new SpotifyEngine(tools, fetcher, async (track) => {
      searched.push(`${track.artists.join(' ')} ${track.title}`);
      return `${origin}/media.test/song.mp4`;
    });
    const { context, workDir } = engineContext({
      platform: 'spotify',
      url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
      mode: 'audio',
      audioFormat: 'mp3',
      audioBitrate: 192,
    });
    await engine.run(context);
    assert.deepEqual(searched, ['Rick Astley Never Gonna Give You Up']);
    assert.deepEqual(readdirSync(workDir), ['Rick Astley - Never Gonna Give You Up.mp3']);
    const info = probe(join(workDir, 'Rick Astley - Never Gonna Give You Up.mp3'));
    assert.equal(info.format.tags?.title, 'Never Gonna Give You Up');
    assert.equal(info.format.tags?.artist, 'Rick Astley');
    const picture = info.streams.find((s) => s.codec_type === 'video');
    assert.equal(picture?.disposition?.attached_pic, 1, 'the cover is attached');
    assert.equal(info.streams.find((s) => s.codec_type === 'audio')?.codec_name, 'mp3');
  });

  test('album links are refused before anything is fetched', async () => {
    const { fetcher, requested } = await fixtureServer({});
    const engine = new SpotifyEngine(tools, fetcher, async () => 'unused');
    const { context } = engineContext({
      platform: 'spotify',
      url: 'https://open.spotify.com/album/4uLU6hMCjMI75M1A2tKUQC',
    });
    await assert.rejects(engine.run(context), { code: 'UNSUPPORTED_URL' });
    assert.deepEqual(requested, []);
  });

  test('a page without track data is NO_MEDIA, and leaves nothing behind', async () => {
    const { fetcher } = await fixtureServer({
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC': {
        body: '<html><body>gone</body></html>',
      },
    });
    const engine = new SpotifyEngine(tools, fetcher, async () => 'unused');
    const { context, workDir } = engineContext({
      platform: 'spotify',
      url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
    });
    await assert.rejects(engine.run(context), { code: 'NO_MEDIA' });
    assert.deepEqual(readdirSync(workDir), []);
  });

  test('file names from track data carry no separators', () => {
    assert.equal(fileName('AC/DC - Back: In "Black"'), 'AC DC - Back In Black');
    assert.equal(fileName('..'), 'track');
  });
});
