import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { LOGO_MAX_BYTES } from '../../src/directory/directory-contract.js';
import {
  ADMIN,
  assertPageFits,
  createAccount,
  goInApp,
  logIn,
  newPage,
  seedGroup,
  unexpected,
  useUi,
  VIEWPORT_NAMES,
} from './ui.js';

/** The element that has the keyboard focus, described, and whether its focus ring shows. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { what: 'body', ring: false };
    const style = getComputedStyle(element);
    const ring = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
    return { what: `${element.tagName.toLowerCase()} ${name}`.trim(), ring };
  });
}

for (const viewport of VIEWPORT_NAMES) {
  describe(`accessibility and fit of every page (${viewport})`, () => {
    const ui = useUi();

    it('passes the axe audit and has no sideways scroll on every page, for visitors, members and admins', async () => {
      const owner = await createAccount(ui.app, { username: `owner-${viewport}` });
      await createAccount(ui.app, {
        username: `a-member-with-a-rather-long-name-${viewport}`,
        verified: false,
      });
      const mine = await seedGroup(ui.app, {
        title: 'Evening Sketch Club',
        category: 'Art',
        tags: 'drawing, sketching',
        submittedBy: owner.id,
      });
      await seedGroup(ui.app, {
        title: 'A group with an exceptionally long name that has to wrap on a phone screen',
        platform: 'WhatsApp',
        inviteLink: 'https://chat.whatsapp.com/LongNameGroup1',
        tags: 'verylongtagwithoutanyspaces, another',
        submittedBy: owner.id,
        verified: false,
      });

      // A browser's navigation to an unknown page: the app's page, with status 404.
      const visitor = await newPage(ui, viewport);
      const response = await visitor.page.goto('/no/such/page');
      assert.equal(response?.status(), 404);
      await visitor.page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await assertPageFits(visitor.page, 'visitor, unknown page');
      for (const path of ['/', '/login', '/register', '/submit', '/mine', '/admin']) {
        await goInApp(visitor.page, path);
        await assertPageFits(visitor.page, `visitor ${path}`);
      }

      const member = await newPage(ui, viewport);
      await logIn(member.page, owner);
      for (const path of ['/', '/submit', '/mine', `/mine/${mine.id}/edit`, '/admin']) {
        await goInApp(member.page, path);
        await assertPageFits(member.page, `member ${path}`);
      }
      // With a dialog open: reporting a group, deleting one's own.
      await goInApp(member.page, '/');
      await member.page.getByRole('button', { name: 'Report Evening Sketch Club' }).click();
      await member.page.getByRole('dialog').waitFor();
      await assertPageFits(member.page, 'report dialog');
      await member.page.keyboard.press('Escape');
      await goInApp(member.page, '/mine');
      await member.page.getByRole('button', { name: 'Delete Evening Sketch Club' }).click();
      await member.page.getByRole('dialog').waitFor();
      await assertPageFits(member.page, 'delete dialog');
      await member.page.getByRole('button', { name: 'Cancel' }).click();

      const admin = await newPage(ui, viewport);
      await logIn(admin.page, ADMIN);
      for (const tab of ['overview', 'groups', 'reports', 'users']) {
        await goInApp(admin.page, `/admin?tab=${tab}`);
        await assertPageFits(admin.page, `admin ${tab}`);
      }
      // The users fit a phone: every Verify button is on the screen.
      for (const button of await admin.page.getByRole('button', { name: /^Verify / }).all()) {
        const box = await button.boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= (viewport === 'mobile' ? 390 : 1280));
      }
      await goInApp(admin.page, '/admin?tab=groups');
      await admin.page.getByRole('button', { name: /^Reject A group with/ }).click();
      await admin.page.getByRole('dialog').waitFor();
      await assertPageFits(admin.page, 'reject dialog');

      assert.deepEqual(unexpected(visitor.errors), []);
      assert.deepEqual(unexpected(member.errors), []);
    });

    it('keeps the header to one row, with a compact menu on a phone', async () => {
      const { page } = await newPage(ui, viewport);
      await logIn(page, ADMIN);
      await page.goto('/');
      const header = page.locator('.site-header');
      const height = (await header.boundingBox())?.height ?? 0;
      assert.ok(height < 80, `the header is ${height}px high`);
      const menu = page.getByRole('button', { name: 'Menu' });
      const groupsLink = header.getByRole('link', { name: 'Groups', exact: true });
      if (viewport === 'desktop') {
        assert.equal(await menu.isVisible(), false);
        assert.equal(await groupsLink.isVisible(), true);
        return;
      }
      assert.equal(await groupsLink.isVisible(), false, 'the links wait behind the menu');
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
      await menu.click();
      assert.equal(await menu.getAttribute('aria-expanded'), 'true');
      for (const name of ['Groups', 'Submit a group', 'My groups', 'Admin'])
        assert.equal(await header.getByRole('link', { name, exact: true }).isVisible(), true, name);
      await assertPageFits(page, 'open menu');
      // No link breaks across lines.
      for (const link of await header.locator('nav a').all()) {
        const box = await link.boundingBox();
        assert.ok(box && box.height < 50, `${await link.textContent()} is ${box?.height}px high`);
      }
      // A tap beside the menu folds it.
      await page.mouse.click(195, 820);
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
      assert.equal(await groupsLink.isVisible(), false);
      await menu.click();
      await header.getByRole('link', { name: 'Admin', exact: true }).click();
      await page.getByRole('heading', { name: 'Admin', exact: true }).waitFor();
      assert.equal(await menu.getAttribute('aria-expanded'), 'false', 'following a link closes the menu');
    });

    it('works from the keyboard alone: a skip link, visible focus, a menu and dialogs that hold and return the focus', async () => {
      const member = await createAccount(ui.app, { username: `keys-${viewport}` });
      await seedGroup(ui.app, { title: 'Keyboard Club', tags: 'keys' });
      const { page, errors } = await newPage(ui, viewport);
      await logIn(page, member);
      await page.goto('/');
      await page.getByRole('button', { name: 'Report Keyboard Club' }).waitFor();

      // The first Tab reaches the skip link, which leads to the content.
      await page.keyboard.press('Tab');
      assert.deepEqual(await focused(page), { what: 'a Skip to content', ring: true });
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');

      if (viewport === 'mobile') {
        // The menu opens and closes from the keyboard; Escape gives the focus back to its button.
        const menu = page.getByRole('button', { name: 'Menu' });
        await menu.focus();
        await page.keyboard.press('Enter');
        assert.equal(await menu.getAttribute('aria-expanded'), 'true');
        await page.keyboard.press('Tab');
        assert.deepEqual(await focused(page), { what: 'a Groups', ring: true });
        await page.keyboard.press('Escape');
        assert.equal(await menu.getAttribute('aria-expanded'), 'false');
        assert.deepEqual(await focused(page), { what: 'button Menu', ring: true });
      }

      // The report dialog: opened with Enter, the focus starts inside, Tab and Shift+Tab stay
      // inside, Escape closes it and the focus is back on the button that opened it.
      const report = page.getByRole('button', { name: 'Report Keyboard Club' });
      await report.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Report “Keyboard Club”' });
      await dialog.waitFor();
      assert.deepEqual(await focused(page), {
        what: 'select Choose a reason…Spam or advertisingScam or fraudAdult contentHate or harassmentThe invite link does not workSomething else',
        ring: true,
      });
      const inside = () => dialog.evaluate((d) => d.contains(document.activeElement));
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        assert.ok(await inside(), `Tab ${i + 1} left the dialog`);
        assert.equal((await focused(page)).ring, true, `Tab ${i + 1}: no focus ring`);
      }
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Shift+Tab');
        assert.ok(await inside(), `Shift+Tab ${i + 1} left the dialog`);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.deepEqual(await focused(page), { what: 'button Report Keyboard Club', ring: true });
      assert.deepEqual(unexpected(errors), []);
    });

    it('checks a logo before uploading it: too large, or not an image, is refused on the spot', async () => {
      const member = await createAccount(ui.app, { username: `logo-${viewport}` });
      const { page, errors } = await newPage(ui, viewport);
      await logIn(page, member);
      await page.goto('/submit');
      const uploads: string[] = [];
      page.on('request', (request) => {
        if (request.method() !== 'GET') uploads.push(request.url());
      });
      await page.getByLabel('Logo').setInputFiles({
        name: 'huge.png',
        mimeType: 'image/png',
        buffer: Buffer.alloc(LOGO_MAX_BYTES + 1),
      });
      await page
        .getByRole('alert')
        .filter({ hasText: 'This file is 2.1\u00a0MB; a logo may be at most 2\u00a0MB.' })
        .waitFor();
      assert.equal(
        await page.getByLabel('Logo').evaluate((input: HTMLInputElement) => input.files?.length),
        0,
      );
      await page
        .getByLabel('Logo')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
      await page.getByRole('alert').filter({ hasText: 'Choose a PNG, JPEG, WebP or GIF image.' }).waitFor();
      await assertPageFits(page, 'a refused logo');
      assert.deepEqual(uploads, [], 'nothing was sent');
      assert.deepEqual(unexpected(errors), []);
    });
  });
}
