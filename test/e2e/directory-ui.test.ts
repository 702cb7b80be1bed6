import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { parseSubmission } from '../../src/directory/groups/group-submission.js';
import { insertGroup } from '../../src/directory/groups/groups-repository.js';
import { buildTestApp } from '../helpers/test-app.js';
import { consoleErrors, launchChromium } from './chromium.js';

const ADMIN = { username: 'mod', email: 'mod@kizuna.test', password: 'moderator-password-1' };
const MEMBER = { username: 'sakura', email: 'sakura@kizuna.test', password: 'cherry-blossom-2' };

/** Errors other than the 4xx answers a test provokes on purpose. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

describe('browser UI, end to end in Chromium', () => {
  let app: FastifyInstance;
  let browser: Browser;
  let origin: string;
  let logoFile: string;
  let dir: string;

  before(async () => {
    app = await buildTestApp({ admin: ADMIN });
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    browser = await launchChromium();
    dir = mkdtempSync(join(tmpdir(), 'kizuna-e2e-'));
    logoFile = join(dir, 'logo.png');
    writeFileSync(
      logoFile,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e91e63' } })
        .png()
        .toBuffer(),
    );
  });

  after(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function newPage(): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ baseURL: origin });
    after(() => context.close());
    const page = await context.newPage();
    return { page, errors: consoleErrors(page) };
  }

  async function logIn(page: Page, who: { username: string; password: string }) {
    await page.goto('/login');
    await page.getByLabel('Username or e-mail').fill(who.username);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('who').filter({ hasText: who.username }).waitFor();
  }

  it('takes a visitor from sign-up through submission, moderation, listing and a like', async () => {
    const { page, errors } = await newPage();
    await page.goto('/');
    await page.getByText('No groups yet.').waitFor();

    // Sign up: a too-short password is refused with the server's message on the field.
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByLabel('Username').fill(MEMBER.username);
    await page.getByLabel('E-mail').fill(MEMBER.email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.locator('[data-field="password"]').waitFor();
    await page.getByLabel('Password').fill(MEMBER.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText(`Welcome to Kizuna, ${MEMBER.username}!`).waitFor();
    assert.equal(await page.getByTestId('who').textContent(), MEMBER.username);

    // Submit: a link that is not WhatsApp's is refused and named; then the real one goes through.
    await page.getByRole('link', { name: 'Submit a group' }).click();
    await page.getByLabel('Name').fill('Naruto Fans');
    await page.getByLabel('Platform').fill('WhatsApp');
    await page.getByLabel('Category').fill('Anime');
    await page.getByLabel('Invite link').fill('https://example.com/not-whatsapp');
    await page.getByLabel('Description').fill('Ninjas, ramen and weekly episode talk.');
    await page.getByLabel('Tags').fill('anime, manga');
    await page.getByLabel('Logo').setInputFiles(logoFile);
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.locator('[data-field="inviteLink"]').waitFor();
    const pending = await app.inject({ url: '/api/public/stats' });
    assert.equal(pending.json().groups_total, 0, 'a refused submission stores nothing');

    await page.getByLabel('Invite link').fill('https://chat.whatsapp.com/AbCdEf123');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByText('is waiting for a moderator').waitFor();
    assert.equal(new URL(page.url()).pathname, '/mine');
    const mine = page.locator('.group-card', { hasText: 'Naruto Fans' });
    await mine.getByText('pending review').waitFor();

    // Not public before an admin verifies it.
    await page.getByRole('link', { name: 'Groups', exact: true }).click();
    await page.getByText('No groups yet.').waitFor();

    // The admin verifies it from the moderation queue.
    const admin = await newPage();
    await logIn(admin.page, ADMIN);
    await admin.page.getByRole('link', { name: 'Admin' }).click();
    const queued = admin.page.locator('.group-card', { hasText: 'Naruto Fans' });
    await queued.getByText(`by ${MEMBER.username}`).waitFor();
    await queued.getByRole('button', { name: 'Verify' }).click();
    await admin.page.getByText('Nothing waits for review.').waitFor();

    // Now listed, with its logo from our origin; a like counts and survives a reload.
    await page.reload();
    const card = page.locator('.group-card', { hasText: 'Naruto Fans' });
    await card.waitFor();
    const logoWidth = await card.locator('img.logo').evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return img.naturalWidth;
    });
    assert.equal(logoWidth, 64);
    assert.equal(
      await card.getByRole('link', { name: 'Join' }).getAttribute('href'),
      'https://chat.whatsapp.com/AbCdEf123',
    );
    await card.getByRole('button', { name: 'Like' }).click();
    await card.getByRole('button', { name: 'Take back your like' }).waitFor();
    assert.equal(await card.locator('.count').textContent(), '1');
    await page.reload();
    await page
      .locator('.group-card', { hasText: 'Naruto Fans' })
      .getByRole('button', { name: 'Take back your like' })
      .waitFor();
    const stats = await app.inject({ url: '/api/public/stats' });
    assert.equal(stats.json().total_likes, 1);

    // The admin dashboard counts it all.
    await admin.page.getByRole('link', { name: 'Overview' }).click();
    assert.equal(await admin.page.getByTestId('admin-users-total').textContent(), '2');
    assert.equal(await admin.page.getByTestId('admin-groups-pending').textContent(), '0');

    assert.deepEqual(unexpected(errors), []);
    assert.deepEqual(unexpected(admin.errors), []);
  });

  it('filters by search and tag, keeps the filter in the address and says when nothing matches', async () => {
    const { page, errors } = await newPage();
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search' }).fill('zzz-nothing');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No group matches these filters.').waitFor();
    assert.equal(new URL(page.url()).search, '?search=zzz-nothing');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('button', { name: '#manga' }).click();
    await page.locator('.group-card', { hasText: 'Naruto Fans' }).waitFor();
    assert.equal(new URL(page.url()).search, '?search=manga');
    await page.goto('/?platform=Telegram');
    await page.getByText('No group matches these filters.').waitFor();
    assert.deepEqual(unexpected(errors), []);
  });

  it('refuses a wrong password with one message, and keeps members out of the admin page', async () => {
    const { page, errors } = await newPage();
    await page.goto('/login');
    await page.getByLabel('Username or e-mail').fill(MEMBER.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong username, e-mail or password.' }).waitFor();

    await logIn(page, MEMBER);
    assert.equal(await page.getByRole('link', { name: 'Admin' }).count(), 0);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admins only' }).waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByText('You are logged out.').waitFor();
    await page.goto('/submit');
    await page.getByRole('heading', { name: 'Log in first' }).waitFor();
    assert.deepEqual(unexpected(errors), []);
  });

  it('sends a visitor who must log in back to where they were going', async () => {
    const { page } = await newPage();
    await page.goto('/mine');
    await page.getByRole('link', { name: 'Log in', exact: true }).last().click();
    await page.getByLabel('Username or e-mail').fill(MEMBER.username);
    await page.getByLabel('Password').fill(MEMBER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'My groups' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/mine');
  });

  it('leaves the app for links to the API and its reference', async () => {
    const { page } = await newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(/\/docs/);
    assert.equal(await page.getByRole('heading', { name: 'Page not found' }).count(), 0);
    await page.goto('/');
    await page.getByRole('link', { name: 'Public bot API' }).click();
    await page.waitForURL(/\/api\/v1\/endpoints$/);
    assert.match((await page.textContent('body')) ?? '', /"downloader"/);
  });

  it('pages through a long list with Show more, newest first, each group once', async () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 1; i <= 30; i++) {
      const parsed = parseSubmission({
        title: `Study Circle ${i}`,
        platform: 'Telegram',
        category: 'Study',
        inviteLink: `https://t.me/studycircle${i}`,
        description: `Circle number ${i}.`,
        tags: 'studycircle',
      });
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      await insertGroup(app.db, {
        ...parsed.value,
        logoFile: null,
        submittedBy: null,
        verified: true,
        createdAt: new Date(start + i * 60_000).toISOString(),
      });
    }
    const { page, errors } = await newPage();
    await page.goto('/?search=studycircle');
    const titles = page.locator('.group-card .group-title');
    await page.getByRole('button', { name: 'Show more' }).waitFor();
    assert.equal(await titles.count(), 24);
    await page.getByRole('button', { name: 'Show more' }).click();
    await page.getByRole('button', { name: 'Show more' }).waitFor({ state: 'detached' });
    const all = await titles.allTextContents();
    assert.deepEqual(
      all,
      Array.from({ length: 30 }, (_, i) => `Study Circle ${30 - i}`),
    );
    assert.deepEqual(unexpected(errors), []);
  });
});
