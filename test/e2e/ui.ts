/**
 * What the browser tests share: one app and one Chromium per test file, pages at the two sizes
 * every flow is driven at, logging in as a person does, an accessibility audit (axe-core) and the
 * horizontal-scroll check for each page, and accounts and groups made straight in the database.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import axe from 'axe-core';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { hashPassword } from '../../src/directory/auth/passwords.js';
import { parseSubmission } from '../../src/directory/groups/group-submission.js';
import { insertGroup } from '../../src/directory/groups/groups-repository.js';
import { createUser, type Role } from '../../src/directory/users/users-repository.js';
import { buildTestApp } from '../helpers/test-app.js';
import { consoleErrors, launchChromium } from './chromium.js';

/** A desktop and a phone (an iPhone 12-14's CSS viewport). */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];

export const ADMIN = { username: 'mod', email: 'mod@kizuna.test', password: 'moderator-password-1' };

export interface Ui {
  app: FastifyInstance;
  browser: Browser;
  origin: string;
}

// One Chromium for a whole test file, started by the first suite that needs it. Registered when a
// test file imports this module, so it belongs to the file's root and runs once all is done.
let sharedBrowser: Promise<Browser> | null = null;
after(async () => {
  if (sharedBrowser) await (await sharedBrowser).close();
});

/**
 * An app of its own (with an admin account, listening on a free port) for the suite this is
 * called in, and the file's one Chromium.
 */
export function useUi(): Ui {
  const ui = {} as Ui;
  before(async () => {
    sharedBrowser ??= launchChromium();
    ui.app = await buildTestApp({ admin: ADMIN });
    await ui.app.listen({ host: '127.0.0.1', port: 0 });
    ui.origin = `http://127.0.0.1:${(ui.app.server.address() as { port: number }).port}`;
    ui.browser = await sharedBrowser;
  });
  return ui;
}

/** A fresh browser context (no cookies) at one of the two sizes; closed with the test file. */
export async function newPage(ui: Ui, viewport: ViewportName): Promise<{ page: Page; errors: string[] }> {
  const context = await ui.browser.newContext({
    baseURL: ui.origin,
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
  });
  after(() => context.close());
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { page, errors: consoleErrors(page) };
}

/** Errors other than the 4xx answers a test provokes on purpose. */
export const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

/** Whether the header is collapsed behind its Menu button (a narrow screen). */
export async function hasMenuButton(page: Page): Promise<boolean> {
  return page.getByRole('button', { name: 'Menu' }).isVisible();
}

/** Follows a link of the header, opening the menu first on a narrow screen. */
export async function navigate(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await page.locator('.site-header').getByRole('link', { name, exact: true }).click();
}

/** Clicks a header button (Log out), opening the menu first on a narrow screen. */
export async function headerButton(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await page.locator('.site-header').getByRole('button', { name, exact: true }).click();
}

/**
 * Goes to another page of the app the way its own links do (history and the router, no reload),
 * and waits until the page has loaded what it shows. Faster than page.goto, and the audit script
 * stays loaded.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  await page.locator('main h1').first().waitFor();
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
}

/** Logs in through the form, as a person does, and waits for the header to name them. */
export async function logIn(page: Page, who: { username: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username or e-mail').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Behind the Menu button on a phone: there, but not shown until the menu opens.
  await page.getByTestId('who').filter({ hasText: who.username }).waitFor({ state: 'attached' });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/**
 * Runs axe-core on the page as it is now, and fails on any serious or critical violation, with
 * what and where. The script goes in through the DevTools protocol, which the page's content
 * security policy does not govern.
 */
export async function assertAccessible(page: Page, what: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  const grave = (violations as AxeViolation[]).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  assert.deepEqual(
    grave.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      where: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    })),
    [],
    `${what}: accessibility violations`,
  );
}

/** Nothing on the page is wider than the window: no sideways scrolling. */
export async function assertNoHorizontalScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: (document.scrollingElement as Element).scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(
    scrollWidth <= innerWidth,
    `${what}: the page is ${scrollWidth}px wide in a ${innerWidth}px window`,
  );
}

/** Both checks every page gets. */
export async function assertPageFits(page: Page, what: string): Promise<void> {
  await assertNoHorizontalScroll(page, what);
  await assertAccessible(page, what);
}

let accounts = 0;
export const PASSWORD = 'correct horse battery staple';

/** An account made straight in the database; log in with `logIn(page, account)`. */
export async function createAccount(
  app: FastifyInstance,
  options: { username?: string; role?: Role; verified?: boolean } = {},
): Promise<{ id: number; username: string; password: string }> {
  accounts += 1;
  const username = options.username ?? `member${accounts}`;
  const user = await createUser(app.db, {
    username,
    email: `${username}@kizuna.test`,
    passwordHash: await hashPassword(PASSWORD),
    role: options.role ?? 'user',
    isVerified: options.verified ?? true,
  });
  return { id: user.id, username, password: PASSWORD };
}

/** A group made straight in the database (verified unless told otherwise). */
export async function seedGroup(
  app: FastifyInstance,
  fields: {
    title: string;
    platform?: string;
    category?: string;
    inviteLink?: string;
    description?: string;
    tags?: string;
    submittedBy?: number | null;
    verified?: boolean;
    createdAt?: string;
  },
): Promise<{ id: number; title: string }> {
  const slug = fields.title.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const parsed = parseSubmission({
    title: fields.title,
    platform: fields.platform ?? 'Telegram',
    category: fields.category ?? 'Study',
    inviteLink: fields.inviteLink ?? `https://t.me/${slug.slice(0, 30)}`,
    description: fields.description ?? `All about ${fields.title}.`,
    tags: fields.tags ?? '',
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const row = await insertGroup(app.db, {
    ...parsed.value,
    logoFile: null,
    submittedBy: fields.submittedBy ?? null,
    verified: fields.verified ?? true,
    createdAt: fields.createdAt,
  });
  return { id: row.id, title: row.title };
}

/**
 * Whether the server has the routes of owners, moderation, reports and discovery (issue #15).
 * The screens for them are built against the contract; their tests run once the routes exist.
 */
export function hasModerationRoutes(app: FastifyInstance): boolean {
  return (
    app.hasRoute({ method: 'PATCH', url: '/api/groups/:id' }) &&
    app.hasRoute({ method: 'POST', url: '/api/groups/:id/reports' }) &&
    app.hasRoute({ method: 'GET', url: '/api/admin/reports' }) &&
    app.hasRoute({ method: 'GET', url: '/api/groups/facets' })
  );
}
