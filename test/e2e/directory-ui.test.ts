import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import {
  ADMIN,
  assertNoHorizontalScroll,
  headerButton,
  logIn,
  navigate,
  newPage,
  seedGroup,
  unexpected,
  useUi,
  VIEWPORT_NAMES,
} from './ui.js';

let logoFile: string;
let dir: string;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kizuna-e2e-'));
  logoFile = join(dir, 'logo.png');
  writeFileSync(
    logoFile,
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e91e63' } })
      .png()
      .toBuffer(),
  );
});
after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

for (const viewport of VIEWPORT_NAMES) {
  describe(`browser UI, end to end in Chromium (${viewport})`, () => {
    const ui = useUi();
    const MEMBER = {
      username: `sakura-${viewport}`,
      email: `sakura-${viewport}@kizuna.test`,
      password: 'cherry-blossom-2',
    };

    it('takes a visitor from sign-up through submission, moderation, listing and a like', async () => {
      const { app } = ui;
      const { page, errors } = await newPage(ui, viewport);
      await page.goto('/');
      await page.getByText('No groups yet.').waitFor();

      // Sign up: a too-short password is refused with the server's message on the field.
      await navigate(page, 'Sign up');
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
      await navigate(page, 'Submit a group');
      await page.getByLabel('Name').fill('Naruto Fans');
      await page.getByLabel('Platform').fill('WhatsApp');
      await page.getByLabel('Category').fill('Anime');
      await page.getByLabel('Invite link').fill('https://example.com/not-whatsapp');
      await page.getByLabel('Description').fill('Ninjas, ramen and weekly episode talk.');
      await page.getByLabel('Tags').fill('anime, manga');
      await page.getByLabel('Logo').setInputFiles(logoFile);
      // The chosen picture is previewed (a data: URL, which the page's policy allows) with its size.
      await page.getByText(/logo\.png · \d+\sbytes|logo\.png · \d+\sKB/).waitFor();
      assert.match((await page.locator('img.preview').getAttribute('src')) ?? '', /^data:image\/png;base64,/);
      // The invite link has the form's full width.
      const formWidth = (await page.locator('form').boundingBox())?.width ?? 0;
      const linkWidth = (await page.getByLabel('Invite link').boundingBox())?.width ?? 0;
      assert.ok(linkWidth >= formWidth - 2, `invite link ${linkWidth}px in a ${formWidth}px form`);
      await assertNoHorizontalScroll(page, 'submit form');
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
      await navigate(page, 'Groups');
      await page.getByText('No groups yet.').waitFor();

      // The admin verifies it from the moderation queue.
      const admin = await newPage(ui, viewport);
      await logIn(admin.page, ADMIN);
      await navigate(admin.page, 'Admin');
      const queued = admin.page.locator('.group-card', { hasText: 'Naruto Fans' });
      await queued.getByText(`by ${MEMBER.username}`).waitFor();
      await queued.getByRole('button', { name: 'Verify Naruto Fans' }).click();
      await admin.page.getByText('Nothing waits for review.').waitFor();

      // Now listed, with its logo from our origin; a like counts, in the card and the hero, and survives a reload.
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
      const heroLikes = page.locator('.stats div', { has: page.getByTestId('stat-likes') }).locator('dt');
      assert.equal(await heroLikes.textContent(), 'likes');
      await card.getByRole('button', { name: 'Like (0 likes)' }).click();
      await card.getByRole('button', { name: 'Take back your like (1 like)' }).waitFor();
      assert.equal(await card.locator('.count').textContent(), '1');
      // The hero counts it at once, in the singular.
      await page.getByTestId('stat-likes').filter({ hasText: '1' }).waitFor();
      assert.equal(await heroLikes.textContent(), 'like');
      await page.reload();
      await page
        .locator('.group-card', { hasText: 'Naruto Fans' })
        .getByRole('button', { name: 'Take back your like' })
        .waitFor();
      assert.equal(await page.getByTestId('stat-likes').textContent(), '1');
      const stats = await app.inject({ url: '/api/public/stats' });
      assert.equal(stats.json().total_likes, 1);

      // The admin dashboard counts it all, in words that agree with the numbers.
      await admin.page.getByRole('link', { name: 'Overview' }).click();
      assert.equal(await admin.page.getByTestId('admin-users-total').textContent(), '2');
      assert.equal(await admin.page.getByTestId('admin-groups-pending').textContent(), '0');
      const likesLabel = admin.page.locator('.stats div', { has: admin.page.getByTestId('admin-likes') });
      assert.equal(await likesLabel.locator('dt').textContent(), 'like');
      assert.equal(await admin.page.getByTestId('admin-likes').textContent(), '1');

      assert.deepEqual(unexpected(errors), []);
      assert.deepEqual(unexpected(admin.errors), []);
    });

    it('filters by search and platform, keeps the filter in the address and says when nothing matches', async () => {
      await seedGroup(ui.app, {
        title: 'Manga Readers',
        platform: 'Discord',
        category: 'Anime',
        inviteLink: 'https://discord.gg/mangareaders',
        tags: 'manga',
      });
      const { page, errors } = await newPage(ui, viewport);
      await page.goto('/');
      await page.getByRole('searchbox', { name: 'Search' }).fill('zzz-nothing');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText('No group matches these filters.').waitFor();
      assert.equal(new URL(page.url()).search, '?search=zzz-nothing');
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.locator('.group-card', { hasText: 'Manga Readers' }).waitFor();
      assert.equal(new URL(page.url()).search, '');
      await page.getByRole('searchbox', { name: 'Search' }).fill('manga');
      await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
      await page.locator('.group-card', { hasText: 'Manga Readers' }).waitFor();
      assert.equal(new URL(page.url()).search, '?search=manga');
      await page.goto('/?platform=Telegram');
      await page.getByText('No group matches these filters.').waitFor();
      assert.equal(await page.getByRole('combobox', { name: 'Platform' }).inputValue(), 'Telegram');
      await page.getByRole('combobox', { name: 'Platform' }).selectOption({ value: '' });
      await page.locator('.group-card', { hasText: 'Manga Readers' }).waitFor();
      assert.deepEqual(unexpected(errors), []);
    });

    it('refuses a wrong password with one message, and keeps members out of the admin page', async () => {
      const { page, errors } = await newPage(ui, viewport);
      await page.goto('/login');
      await page.getByLabel('Username or e-mail').fill(MEMBER.username);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('alert').filter({ hasText: 'Wrong username, e-mail or password.' }).waitFor();

      await logIn(page, MEMBER);
      assert.equal(await page.locator('.site-header').getByRole('link', { name: 'Admin' }).count(), 0);
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Admins only' }).waitFor();

      await headerButton(page, 'Log out');
      await page.getByText('You are logged out.').waitFor();
      await page.goto('/submit');
      await page.getByRole('heading', { name: 'Log in first' }).waitFor();
      assert.deepEqual(unexpected(errors), []);
    });

    it('sends a visitor who must log in back to where they were going', async () => {
      const { page } = await newPage(ui, viewport);
      await page.goto('/mine');
      await page.locator('main').getByRole('link', { name: 'Log in', exact: true }).click();
      await page.getByLabel('Username or e-mail').fill(MEMBER.username);
      await page.getByLabel('Password').fill(MEMBER.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { name: 'My groups' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/mine');
    });

    // The footer is the same markup at every size, and /docs is slow to load: once is enough.
    if (viewport === 'desktop')
      it('leaves the app for links to the API and its reference', async () => {
        const { page } = await newPage(ui, viewport);
        await page.goto('/');
        await page.getByRole('link', { name: 'API reference' }).click();
        await page.waitForURL(/\/docs/, { waitUntil: 'domcontentloaded' });
        assert.equal(await page.getByRole('heading', { name: 'Page not found' }).count(), 0);
        await page.goto('/');
        await page.getByRole('link', { name: 'Public bot API' }).click();
        await page.waitForURL(/\/api\/v1\/endpoints$/);
        assert.match((await page.textContent('body')) ?? '', /"downloader"/);
      });

    it('pages through a long list with Show more, newest first, each group once', async () => {
      const start = Date.parse('2026-01-01T00:00:00Z');
      for (let i = 1; i <= 30; i++) {
        await seedGroup(ui.app, {
          title: `Study Circle ${i}`,
          inviteLink: `https://t.me/studycircle${i}`,
          description: `Circle number ${i}.`,
          tags: 'studycircle',
          createdAt: new Date(start + i * 60_000).toISOString(),
        });
      }
      const { page, errors } = await newPage(ui, viewport);
      await page.goto('/?search=studycircle');
      const titles = page.locator('.group-card .group-title');
      await page.getByRole('button', { name: 'Show more' }).waitFor();
      assert.equal(await titles.count(), 24);
      await page.getByRole('button', { name: 'Show more' }).click();
      // While the next page loads the button reads "Loading…"; the whole control goes once the
      // last page is in (waiting for "Show more" alone to go returned before the page arrived).
      await page.locator('.more').waitFor({ state: 'detached' });
      const all = await titles.allTextContents();
      assert.deepEqual(
        all,
        Array.from({ length: 30 }, (_, i) => `Study Circle ${30 - i}`),
      );
      await assertNoHorizontalScroll(page, 'a long list');
      assert.deepEqual(unexpected(errors), []);
    });
  });
}
