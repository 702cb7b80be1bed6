import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { buildTestApp } from '../helpers/test-app.js';
import { consoleErrors, launchChromium } from './chromium.js';

/** /docs as a reader sees it: Scalar under the strict CSP, on a desktop and on a phone. */
describe('the API reference at /docs, in Chromium', () => {
  let app: FastifyInstance;
  let browser: Browser;
  let origin: string;

  before(async () => {
    app = await buildTestApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
  });

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ]) {
    it(`renders at ${width} px with the conventions, no console error and nothing from elsewhere`, async () => {
      const context = await browser.newContext({ baseURL: origin, viewport: { width, height } });
      after(() => context.close());
      const page = await context.newPage();
      const errors = consoleErrors(page);
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(origin) && !url.startsWith('data:')) elsewhere.push(url);
      });
      page.on('response', (response) => {
        if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
      });

      await page.goto('/docs');
      await page.getByRole('heading', { name: 'Kizuna API', exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Rate limits' }).waitFor();
      await page.getByText('compatibility surfaces, not new versions of our API').first().waitFor();
      assert.equal(await page.title(), 'Kizuna API reference');
      // The page itself never scrolls sideways; wide code scrolls inside its own box.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page is ${overflow} px wider than the window`);
      assert.deepEqual(errors, []);
      assert.deepEqual(elsewhere, []);
    });
  }
});
