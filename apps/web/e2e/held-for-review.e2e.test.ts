import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import {
  launchChromium,
  reportPageOnFailure,
  signInToBackOffice,
  waitForQueueDrained,
} from './browser.ts';

// Issue 11: a message sent as fast as a bot (or a browser's autofill) sends is held for the
// administrator's review, not dropped as spam; the dashboard says how many wait, and links to them.

let app: TestApp;
let browser: Browser;
let page: Page;
reportPageOnFailure(() => page);
const pageErrors: string[] = [];

const contact = (firstName: string, email: string, extra: Record<string, unknown> = {}) =>
  app.fetch('/api/contact', {
    method: 'POST',
    json: {
      firstName,
      lastName: 'Tester',
      email,
      message: `${firstName} would like to talk about a project.`,
      ...extra,
    },
  });

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true, worker: true }), launchChromium()]);
  expect((await contact('Grace', 'grace@example.ca')).status).toBe(201);
  expect(
    (await contact('Autofill', 'autofill@example.ca', { startedAt: Date.now() - 400 })).status,
  ).toBe(201);
  await waitForQueueDrained(app.db);
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signInToBackOffice(page, app.url);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('held for review, in Chromium', () => {
  it('the dashboard shows "1 held for review"; its link lists only that one; released, the line goes', async () => {
    const line = page.getByTestId('held-for-review');
    await line.waitFor();
    expect(await line.textContent()).toBe('1 held for review');

    await line.click();
    await page.getByRole('heading', { name: 'Contact Submissions' }).waitFor();
    expect(new URL(page.url()).search).toBe('?spam=held');
    await page.getByText('Showing 1 of 2 submissions').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'autofill@example.ca' });
    await row.getByText('HELD FOR REVIEW').waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'grace@example.ca' }).count()).toBe(0);

    await row.getByRole('button', { name: 'Release' }).click();
    await page.getByText('Submission released').first().waitFor();
    await page.getByText('Showing 0 of 2 submissions').waitFor();

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('2 unprocessed').waitFor();
    expect(await page.getByTestId('held-for-review').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
