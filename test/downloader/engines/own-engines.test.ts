import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { EngineError } from '../../../src/downloader/engine.js';
import { PinterestEngine } from '../../../src/downloader/engines/pinterest-engine.js';
import { ThreadsEngine } from '../../../src/downloader/engines/threads-engine.js';
import { fixture, fixtureServer } from '../fixture-server.js';
import { engineContext } from './engine-context.js';

const jpeg = await sharp({ create: { width: 12, height: 18, channels: 3, background: '#f80' } })
  .jpeg()
  .toBuffer();
const png = await sharp({ create: { width: 20, height: 20, channels: 4, background: '#08f' } })
  .png()
  .toBuffer();
// The head of an MP4 (ftyp box, isom brand) is what tells a video by its bytes.
const mp4 = Buffer.concat([
  Buffer.from('0000001866747970697336d00000000069736f6d6d703432', 'hex'),
  Buffer.alloc(64),
]);

describe('PinterestEngine', () => {
  test('saves the original image of a pin, reached through a pin.it short link', async () => {
    const { fetcher, requested } = await fixtureServer({
      'https://pin.it/AbCd123': { redirect: 'https://www.pinterest.com/pin/123456789012/' },
      'https://www.pinterest.com/pin/123456789012/': { body: fixture('pinterest-pin.html') },
      'https://i.pinimg.com/originals/ab/cd/ef/abcdef0123456789.jpg': { body: jpeg, type: 'image/jpeg' },
    });
    const { context, workDir, progress } = engineContext({
      platform: 'pinterest',
      url: 'https://pin.it/AbCd123',
    });
    await new PinterestEngine(fetcher).run(context);
    assert.deepEqual(readdirSync(workDir), ['pinterest-123456789012.jpg']);
    assert.deepEqual(readFileSync(join(workDir, 'pinterest-123456789012.jpg')), jpeg);
    assert.ok(!requested.some((u) => u.includes('/736x/')), 'never the downsized copy');
    assert.equal(progress.at(-1)?.percent, 100);
  });

  test('saves every image of a carousel pin', async () => {
    const { fetcher } = await fixtureServer({
      'https://www.pinterest.com/pin/987654321098/': { body: fixture('pinterest-relay.html') },
      'https://i.pinimg.com/originals/12/34/56/1234567890abcdef.png': { body: png, type: 'image/png' },
      'https://i.pinimg.com/originals/aa/bb/cc/slot2.png': { body: png, type: 'image/png' },
    });
    const { context, workDir } = engineContext({
      platform: 'pinterest',
      url: 'https://www.pinterest.com/pin/987654321098/',
    });
    await new PinterestEngine(fetcher).run(context);
    assert.deepEqual(readdirSync(workDir).sort(), [
      'pinterest-987654321098-1.png',
      'pinterest-987654321098-2.png',
    ]);
  });

  test('a short link that leads off Pinterest is refused', async () => {
    const { fetcher } = await fixtureServer({
      'https://pin.it/evil': { redirect: 'https://evil.io/pin/1234567/' },
      'https://evil.io/pin/1234567/': { body: fixture('pinterest-pin.html') },
    });
    const { context } = engineContext({ platform: 'pinterest', url: 'https://pin.it/evil' });
    await assert.rejects(new PinterestEngine(fetcher).run(context), { code: 'UNSUPPORTED_URL' });
  });

  test('a pin whose "image" is not an image fails', async () => {
    const { fetcher } = await fixtureServer({
      'https://www.pinterest.com/pin/123456789012/': { body: fixture('pinterest-pin.html') },
      'https://i.pinimg.com/originals/ab/cd/ef/abcdef0123456789.jpg': {
        body: '<html>login</html>',
        type: 'image/jpeg',
      },
    });
    const { context } = engineContext({
      platform: 'pinterest',
      url: 'https://www.pinterest.com/pin/123456789012/',
    });
    await assert.rejects(
      new PinterestEngine(fetcher).run(context),
      (e) => e instanceof EngineError && e.code === 'UNSUPPORTED_CONTENT',
    );
  });

  test('a missing pin is NOT_FOUND_AT_SOURCE', async () => {
    const { fetcher } = await fixtureServer({ 'https://www.pinterest.com/pin/404404404/': { status: 404 } });
    const { context } = engineContext({
      platform: 'pinterest',
      url: 'https://www.pinterest.com/pin/404404404/',
    });
    await assert.rejects(new PinterestEngine(fetcher).run(context), { code: 'NOT_FOUND_AT_SOURCE' });
  });
});

describe('ThreadsEngine', () => {
  test('saves the image and the video of a carousel post', async () => {
    const { fetcher } = await fixtureServer({
      'https://www.threads.net/@someone/post/C1a2B3c4D5e': { body: fixture('threads-post.html') },
      'https://scontent.cdninstagram.com/v/t51/a-1080.jpg': { body: jpeg, type: 'image/jpeg' },
      'https://scontent.cdninstagram.com/o1/v/t16/b-720.mp4': { body: mp4, type: 'video/mp4' },
    });
    const { context, workDir } = engineContext({
      platform: 'threads',
      url: 'https://www.threads.net/@someone/post/C1a2B3c4D5e',
    });
    await new ThreadsEngine(fetcher).run(context);
    assert.deepEqual(readdirSync(workDir).sort(), ['threads-C1a2B3c4D5e-1.jpg', 'threads-C1a2B3c4D5e-2.mp4']);
  });

  test('a post without media is NO_MEDIA', async () => {
    const { fetcher } = await fixtureServer({
      'https://www.threads.net/@a/post/TeXtOnLy123': { body: fixture('threads-text-only.html') },
    });
    const { context, workDir } = engineContext({
      platform: 'threads',
      url: 'https://www.threads.net/@a/post/TeXtOnLy123',
    });
    await assert.rejects(new ThreadsEngine(fetcher).run(context), { code: 'NO_MEDIA' });
    assert.deepEqual(readdirSync(workDir), []);
  });

  test('media over the size limit is TOO_LARGE', async () => {
    const { fetcher } = await fixtureServer({
      'https://www.threads.net/@someone/post/DvIdEo12345': { body: fixture('threads-video.html') },
      'https://scontent-fra.cdninstagram.com/o1/v/t2/clip.mp4?efg=x': { body: mp4, type: 'video/mp4' },
    });
    const { context } = engineContext(
      { platform: 'threads', url: 'https://www.threads.net/@someone/post/DvIdEo12345' },
      { maxBytes: 20 },
    );
    await assert.rejects(new ThreadsEngine(fetcher).run(context), { code: 'TOO_LARGE' });
  });
});
