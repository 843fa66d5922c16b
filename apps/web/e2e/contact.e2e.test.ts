import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import {
  gotoHydrated,
  hasFocus,
  launchChromium,
  signInToBackOffice,
  waitForQueueDrained,
} from './browser.ts';

let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true, worker: true }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('walking skeleton: contact form to back office', () => {
  it('a visitor sends the contact form; the administrator logs in and sees it with the device the worker found', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    // The visitor: validation first, then a real message.
    await gotoHydrated(page, `${app.url}/contact`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Get in Touch');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('First name is required').waitFor();
    expect(await page.getByText('Last name is required').isVisible()).toBe(true);
    expect(await page.getByText('Invalid email address').isVisible()).toBe(true);
    expect(await page.getByText('Message must be at least 10 characters').isVisible()).toBe(true);

    await page.getByLabel('First Name').fill('Grace');
    await page.getByLabel('Last Name').fill('Hopper');
    await page.getByRole('textbox', { name: /^Email/ }).fill('grace@example.ca');
    await page.getByLabel('Service of Interest').selectOption('ai-solutions');
    await page
      .getByRole('textbox', { name: /^Message/ })
      .fill('We want to forecast demand for our bakery chain.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message Sent!').waitFor();
    expect(
      await page.getByText("Thank you for your message. We'll get back to you soon.").isVisible(),
    ).toBe(true);
    expect(await page.getByLabel('First Name').inputValue()).toBe(''); // the form resets

    // The administrator.
    await signInToBackOffice(page, app.url);
    // The admin navigation: Dashboard, a 'View Site' link to / and Logout.
    const nav = page.getByRole('menu', { name: 'Admin' });
    expect(await nav.getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'View Site' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toMatch(/^ey/);
    await page.getByRole('link', { name: 'Contact Submissions' }).first().click();
    await page.getByRole('heading', { name: 'Contact Submissions' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'grace@example.ca' });
    await row.waitFor();
    // The worker's enrichment lands a moment after: once it has done its work, Refresh shows it.
    await waitForQueueDrained(app.db);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await row.getByText('desktop').waitFor();
    expect(await row.getByText('AI Solutions').isVisible()).toBe(true);

    // Logout returns to the site and forgets the token.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a refused submit puts the focus on the first field in error, on a page loaded from the server', async () => {
    // The forms find that field by the id React gave it: the browser's ids must be the server's.
    const page = await browser.newPage();
    const focusedName = () =>
      page.evaluate<string>("document.activeElement?.getAttribute('name') ?? ''");
    await gotoHydrated(page, `${app.url}/contact`);
    await page.getByLabel('Last Name').fill('Hopper');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('First name is required').waitFor();
    await expect.poll(focusedName).toBe('firstName');

    // The footer's newsletter form, on every page.
    await gotoHydrated(page, `${app.url}/about`);
    const footer = page.getByRole('contentinfo');
    const address = footer.getByLabel('Newsletter email address');
    await address.fill('bad');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await footer.getByText('Invalid email address').waitFor();
    await expect.poll(focusedName).toBe('email');
    expect(await hasFocus(address)).toBe(true);
    await page.close();
  });

  it('sent from the keyboard, the button keeps the focus through "Sending..." (sent or failed), so Tab goes on from it', async () => {
    const page = await browser.newPage();
    const sendHasFocus = () => hasFocus(page.getByRole('button', { name: 'Send Message' }));
    await gotoHydrated(page, `${app.url}/contact`);
    const fill = async (firstName: string) => {
      await page.getByLabel('First Name').fill(firstName);
      await page.getByLabel('Last Name').fill('Keys');
      await page.getByRole('textbox', { name: /^Email/ }).fill('kay.keys@example.ca');
      await page.getByRole('textbox', { name: /^Message/ }).fill('Sent without touching a mouse.');
    };
    await fill('Kay');
    await page.getByRole('button', { name: 'Send Message' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Message Sent!').waitFor();
    await expect.poll(sendHasFocus).toBe(true);

    // The server fails: the error toast, and the focus still on the button to try again.
    await page.route('**/api/contact', (route) => route.fulfill({ status: 503, body: '' }));
    await fill('Kay again');
    await page.getByRole('button', { name: 'Send Message' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Failed to send message. Please try again.').waitFor();
    await expect.poll(sendHasFocus).toBe(true);
    await page.close();
  });

  it('a filled honeypot is stopped in the browser: error toast, no request', async () => {
    const page = await browser.newPage();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await gotoHydrated(page, `${app.url}/contact`);
    await page.getByLabel('First Name').fill('Bot');
    await page.getByLabel('Last Name').fill('Net');
    await page.getByRole('textbox', { name: /^Email/ }).fill('bot@example.com');
    await page.getByRole('textbox', { name: /^Message/ }).fill('Buy cheap things from us today.');
    await page.locator('input[name="website"]').fill('https://spam.example', { force: true });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Failed to send message. Please try again.').waitFor();
    expect(posts).toEqual([]);
    await page.close();
  });

  it("a stored token shows 'Loading...' while the server verifies it, then the dashboard", async () => {
    const page = await browser.newPage();
    const token = await app.login();
    await page.goto(`${app.url}/`);
    await page.evaluate((value) => localStorage.setItem('adminToken', value), token);
    // Hold the real verification call until the loading screen has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/verify', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.url}/admin`);
    await page.getByRole('status').getByText('Loading...').waitFor();
    release();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.close();
  });

  it('an expired or forged token under /admin is dropped and the login form shows', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/`);
    await page.evaluate(() => localStorage.setItem('adminToken', 'forged.token.value'));
    await page.goto(`${app.url}/admin`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    await page.close();
  });
});
