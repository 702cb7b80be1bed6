import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { EngineError } from '../../../src/downloader/engine.js';
import { createSafePageFetcher, fetchOrFail } from '../../../src/downloader/extractors/page-fetcher.js';
import { startLoopbackHttps } from '../../lib/safe-fetch/loopback-https.js';

describe('the safeFetch page fetcher', () => {
  // Without the signal this fetch would hang until its own ten-minute timeout; the test's limit
  // turns that into a failure rather than a stuck run.
  test("a job's signal stops a fetch that is still arriving", { timeout: 20_000 }, async () => {
    // A CDN that sends the first bytes and then nothing: only the abort can end this fetch.
    let answering!: () => void;
    const answered = new Promise<void>((resolve) => {
      answering = resolve;
    });
    let dropped!: (early: boolean) => void;
    const abandoned = new Promise<boolean>((resolve) => {
      dropped = resolve;
    });
    const server = await startLoopbackHttps((_request, response) => {
      response.on('close', () => dropped(!response.writableFinished));
      response.writeHead(200, { 'content-type': 'video/mp4' });
      response.write(Buffer.alloc(64));
      answering();
    });
    after(() => server.close());
    const fetcher = createSafePageFetcher({ allowLoopbackForTests: true });
    const controller = new AbortController();
    const fetching = fetchOrFail(fetcher, `${server.origin}/clip.mp4`, 'media file', {
      maxBytes: 1024 * 1024,
      // Far beyond the test's life: the fetch's own timeout is not what ends it.
      timeoutMs: 10 * 60_000,
      signal: controller.signal,
    });
    // Abort only once the answer has begun, so it is the body in flight that gets cut off.
    await answered;
    controller.abort(new EngineError('CANCELLED', 'The download was cancelled.'));
    await assert.rejects(fetching, { code: 'CANCELLED' });
    assert.equal(await abandoned, true, 'the connection was dropped before the answer was complete');
  });

  test('answers the page and where it ended up', async () => {
    const server = await startLoopbackHttps((request, response) => {
      if (request.url === '/short') return response.writeHead(302, { location: '/long' }).end();
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
    });
    after(() => server.close());
    const page = await createSafePageFetcher({ allowLoopbackForTests: true })(`${server.origin}/short`, {
      maxBytes: 1024,
      timeoutMs: 5_000,
    });
    assert.equal(page.url, `${server.origin}/long`);
    assert.equal(page.body.toString(), '<p>hi</p>');
  });
});
