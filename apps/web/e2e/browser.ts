import { existsSync } from 'node:fs';
import { type Db, queueBacklog } from '@kw/platform';
import { eventually } from '@kw/platform/testing';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { beforeEach } from 'vitest';
import { TEST_ADMIN } from '../../../tests/test-admin.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with the flags this sandbox needs (no network beyond loopback).
 * Its pages ask for reduced motion (the system setting, which the back office and the site
 * honour), unless a spec says otherwise: the back office's dialogs and notices then appear at
 * once, so no click lands on a dialog still growing under the pointer (two CI runs lost one so)
 * and no step waits out an animation.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is missing at ${CHROMIUM}: run 'make chromium'`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
  // Playwright's contexts say "no preference" unless told; these say "reduce" unless told.
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  browser.newPage = (options) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

/**
 * Waits until the worker has nothing left to do: no job waiting, due for a retry or running.
 * A job's handler creates its follow-up jobs before it completes, so this is the moment every
 * consequence of the requests so far is in the read models.
 */
export async function waitForQueueDrained(db: Db, timeoutMs = 15_000): Promise<void> {
  await eventually(
    async () =>
      (await queueBacklog(db)) === 0 &&
      (await db.withSchema('pgboss').from('job').where({ state: 'active' }).first()) === undefined,
    timeoutMs,
  );
}

/**
 * Fills in and sends the back office's login form (on the page already) as the test app's
 * administrator: what comes next (the Dashboard, a second step) is the spec's to wait for.
 */
export async function submitAdminLogin(page: Page): Promise<void> {
  await page.getByLabel('Username').fill(TEST_ADMIN.username);
  await page.getByLabel('Password').fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Opens the back office of the app at `appUrl` and signs in; resolves on its Dashboard. */
export async function signInToBackOffice(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}/admin`);
  await submitAdminLogin(page);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/**
 * Opens a page and waits until React has hydrated it (`<html data-hydrated>`): a form filled
 * before that is the server's inert HTML, which hydration may reset.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Stops the page's clock a moment ahead of where it is: from here its timers fire only as the
 * test moves them (`page.clock.runFor`), so a loaded machine's real seconds cannot run out a
 * state that lasts 2 or 3 seconds before the test looks. `page.clock.resume()` lets it flow.
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 5_000);
}

/**
 * When a test of the file fails, prints what its page showed then (address and visible text):
 * a CI run keeps only its log, and "waiting for … to be visible" alone does not say what was.
 */
export function reportPageOnFailure(current: () => Page | undefined): void {
  beforeEach(({ onTestFailed }) => {
    onTestFailed(async () => {
      const page = current();
      if (!page || page.isClosed()) return;
      const text = await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch((error: Error) => `(the page's text could not be read: ${error.message})`);
      console.error(`The page when the test failed: ${page.url()}\n${text.slice(0, 6_000)}`);
    });
  });
}

/** Whether the element has the keyboard's focus (poll it: focus moves after events). */
export const hasFocus = (locator: Locator): Promise<boolean> =>
  locator.evaluate((el) => el === el.ownerDocument.activeElement);
