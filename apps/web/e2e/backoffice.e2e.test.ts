import { readFileSync } from 'node:fs';
import { RECENT_ACTIVITY_POLL_MS } from '@kw/activity/contract';
import { confirmToken, subscriberIdFor } from '@kw/newsletter';
import { eventually } from '@kw/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { launchChromium, reportPageOnFailure, signInToBackOffice } from './browser.ts';

let app: TestApp;
let browser: Browser;
let page: Page;
reportPageOnFailure(() => page);
const pageErrors: string[] = [];

const contact = (
  firstName: string,
  email: string,
  message: string,
  ip: string,
  extra: Record<string, string> = {},
) =>
  app.fetch('/api/contact', {
    method: 'POST',
    json: { firstName, lastName: 'Tester', email, message, service: 'poc', ...extra },
    headers: { 'x-forwarded-for': ip },
  });
/** A sign-up, confirmed with its e-mail's link (double opt-in): an active subscriber. */
const signup = async (email: string, ip: string, extra: Record<string, string> = {}) => {
  await app.fetch('/api/newsletter/subscribe', {
    method: 'POST',
    json: { email, ...extra },
    headers: { 'x-forwarded-for': ip },
  });
  const id = subscriberIdFor(email);
  const [request] = await app
    .db('events')
    .where({ stream_id: `subscriber:${id}`, type: 'SubscriptionRequested' });
  const token = confirmToken(app.config.jwtSecret, id, request.data.requestedAt);
  const res = await app.fetch(`/newsletter/confirm?token=${token}`, { method: 'POST' });
  expect(res.status).toBe(200);
};

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true, worker: true }), launchChromium()]);
  await contact(
    'Grace',
    'grace@example.ca',
    'We want to forecast demand for our bakery chain.',
    '203.0.113.1',
  );
  await contact(
    'Linus',
    'linus@example.ca',
    'Please quote a proof of concept for our plant.',
    '203.0.113.2',
    { company: '=HYPERLINK("http://evil.example")' },
  );
  await signup('reader@example.ca', '203.0.113.3', { utmSource: 'linkedin' });
  await signup('bot@example.com', '203.0.113.4');
  const context = await browser.newContext({
    viewport: { width: 1400, height: 1000 },
    acceptDownloads: true,
  });
  // Playwright's clock: it runs as time does until a test moves it (the relative dates).
  await context.clock.install();
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signInToBackOffice(page, app.url);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Opens an antd Select by its label and picks an option. */
async function choose(label: string, option: string) {
  await page.getByLabel(label).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', {
      hasText: new RegExp(`^${option}$`),
    })
    .click();
}

describe('Contact Submissions', () => {
  it('filters, marks spam and exports the filtered list as CSV', async () => {
    await page.getByRole('link', { name: 'Contact Submissions' }).first().click();
    await page.getByRole('heading', { name: 'Contact Submissions' }).waitFor();
    await page.getByText('Showing 2 of 2 submissions').waitFor();

    await page.getByLabel('Search submissions').fill('grace');
    await page.getByText('Showing 1 of 2 submissions').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByText('Showing 2 of 2 submissions').waitFor();

    // One "Select all" in the Tab order: the next Tab stop after it is one a person can see
    // (antd repeats the column titles in a hidden measuring row).
    await page.locator('thead').getByRole('checkbox', { name: 'Select all' }).focus();
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate<{ inMeasuringRow: boolean; visible: boolean }>(
        `(() => {
          const focused = document.activeElement;
          return {
            inMeasuringRow: focused?.closest('.ant-table-measure-row') !== null,
            visible: focused?.checkVisibility({ visibilityProperty: true }) ?? false,
          };
        })()`,
      ),
    ).toEqual({ inMeasuringRow: false, visible: true });

    const row = page.getByRole('row').filter({ hasText: 'grace@example.ca' });
    expect(await row.getByText('Proof of Concept').isVisible()).toBe(true);
    // From the keyboard, an action offered no more once done leaves the focus on the row's
    // next action, not on the page's top.
    await row.getByRole('button', { name: 'Mark Processed' }).focus();
    await page.keyboard.press('Enter');
    await row.getByRole('button', { name: 'Mark Processed' }).waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        page.evaluate<string>(
          "document.activeElement?.closest('tr')?.textContent?.includes('grace@example.ca') ? document.activeElement.textContent : 'elsewhere'",
        ),
      )
      .toBe('Mark Spam');
    await row.getByRole('button', { name: 'Mark Spam' }).click();
    await page.getByText('Contact submission updated successfully').first().waitFor();
    await row.getByText('SPAM', { exact: true }).waitFor();
    // The spam button is hidden once set; the row is highlighted.
    expect(await row.getByRole('button', { name: 'Mark Spam' }).count()).toBe(0);
    expect(await row.getAttribute('class')).toContain('bo-spam-row');

    const rowOf = (email: string) => page.getByRole('row').filter({ hasText: email });
    await choose('Spam filter', 'Spam');
    await page.getByText('Showing 1 of 2 submissions').waitFor();
    expect(await rowOf('grace@example.ca').isVisible()).toBe(true);
    await choose('Spam filter', 'Clean');
    // The count reads the same for both filters, so the clean row itself says the filter moved.
    await rowOf('linus@example.ca').waitFor();
    expect(await page.getByText('Showing 1 of 2 submissions').isVisible()).toBe(true);
    expect(await rowOf('grace@example.ca').count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^contact-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe(
      'ID,Name,Email,Phone,Company,Service,Status,Priority,Country,Device,IP Address,Created,Message',
    );
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv).not.toContain('grace@example.ca'); // only the filtered list
  });
});

describe('Newsletter Management', () => {
  it("filters, marks spam with a reason and exports CSV with the server's file name", async () => {
    await page.getByRole('link', { name: 'Newsletter Management' }).first().click();
    await page.getByRole('heading', { name: 'Newsletter Management' }).waitFor();
    await page.getByText('Showing 2 of 2 subscriptions').waitFor();

    await page.getByLabel('Search subscriptions').fill('bot@');
    await page.getByText('Showing 1 of 2 subscriptions').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'bot@example.com' });
    await row.getByRole('button', { name: 'Mark Spam' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as Spam' });
    await dialog.getByLabel('Reason').fill('Bot sign-up');
    await dialog.getByRole('button', { name: 'Mark as Spam' }).click();
    await page.getByText('Subscription marked as spam').first().waitFor();
    await row.getByText('SPAM', { exact: true }).waitFor();

    await page.getByLabel('Search subscriptions').fill('');
    await choose('Spam filter', 'Spam');
    await page.getByText('Showing 1 of 2 subscriptions').waitFor();

    await row.getByRole('button', { name: 'View' }).click();
    const details = page.getByRole('dialog', { name: 'Subscription Details' });
    await details.getByText('Bot sign-up').waitFor();
    // The browser asks for reduced motion: the dialog is there at once, with no zoom running.
    expect(await details.evaluate((el) => el.className)).not.toMatch(/zoom/);
    await details.getByRole('button', { name: 'Close' }).first().click();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('reader@example.ca');
    expect(csv).toMatch(/bot@example\.com,,Active,Yes,Bot sign-up/);
    await page.getByText('Export completed').first().waitFor();
  });
});

describe('Dashboard', () => {
  it('the Quick Actions stay where they were drawn while the figures arrive', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const fresh = await context.newPage();
    // The figures' requests wait until the test lets them go (signing in passes): the
    // Dashboard is drawn, and looked at, with every card still loading.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await fresh.route('**/api/**', async (route) => {
      if (!new URL(route.request().url()).pathname.startsWith('/api/auth/')) await held;
      await route.continue();
    });
    await signInToBackOffice(fresh, app.url);
    const quickAction = fresh.getByRole('link', { name: 'Create Blog Post' });
    const loading = fresh.locator('.ant-statistic .ant-skeleton');
    expect(await loading.count()).toBe(6);
    const before = await quickAction.boundingBox();

    release();
    await expect.poll(() => loading.count()).toBe(0);
    await fresh.getByTestId('retention-run').waitFor();
    expect(await quickAction.boundingBox()).toEqual(before);
    // So a click made as the page loads opens what it aimed at.
    await quickAction.click();
    await fresh.getByRole('heading', { name: 'Create New Blog Post' }).waitFor();
    await context.close();
  });

  it('the activity feed shows a contact submission made a moment before', {
    timeout: 120_000,
  }, async () => {
    const res = await contact(
      'Ada',
      'ada@example.ca',
      'We need help connecting our shop to our books.',
      '203.0.113.9',
    );
    expect(res.status).toBe(201);
    // The worker builds the feed asynchronously.
    const activity = await eventually(
      () =>
        app.db('recent_activity').where({ title: 'New contact submission: Ada Tester' }).first(),
      90_000,
      100,
    );
    // The page's clock says 5 seconds after the submission, however long the worker took.
    await page.clock.setSystemTime(new Date(activity.occurred_at).getTime() + 5_000);
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const feed = page.getByLabel('Recent Activity');
    const item = feed.locator('.bo-activity-item', {
      hasText: 'New contact submission: Ada Tester',
    });
    await item.waitFor();
    expect(await item.getByText('Just now').isVisible()).toBe(true);
    // The feed re-renders with the clock between polls: a minute on, it says so.
    await page.clock.runFor(2 * RECENT_ACTIVITY_POLL_MS);
    await item.getByText('1 minute ago').waitFor();

    // The System Status card reports what it measured.
    await page.getByText(/Background worker/).waitFor();
    expect(await page.getByText(/Operational \(heartbeat \d+ s ago\)/).isVisible()).toBe(true);
    // Other sections' lists are not in this branch: their §8 message shows, the page stands.
    expect(await page.getByRole('link', { name: 'Manage Contact Submissions' }).isVisible()).toBe(
      true,
    );
    expect(pageErrors).toEqual([]);
  });
});
