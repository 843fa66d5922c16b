import { existsSync } from 'node:fs';
import { type Db, queueBacklog } from '@kw/platform';
import { eventually } from '@kw/platform/testing';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this sandbox needs (no network beyond loopback). */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is missing at ${CHROMIUM}: run 'make chromium'`);
  return chromium.launch({
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
 * Opens a page and waits until React has hydrated it (`<html data-hydrated>`): a form filled
 * before that is the server's inert HTML, which hydration may reset.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}
