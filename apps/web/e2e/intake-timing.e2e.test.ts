import { SPAM_REASONS } from '@kw/platform/http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { gotoHydrated, launchChromium } from './browser.ts';

// Issue 6: the contact form and the footer signup send when the visitor started (`startedAt`),
// so the server flags a bot that fills them in at once (a contact message is held for review)
// and keeps a person's submission.

let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/**
 * A page of its own per visitor (its own address), hydrated, recording the POSTed bodies. Its
 * clock is Playwright's, so a test sets when the visitor began instead of waiting.
 */
async function visit(path: string, ip: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': ip } });
  await context.clock.install();
  const page = await context.newPage();
  const posted: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/')) posted.push(r.postDataJSON());
  });
  await gotoHydrated(page, `${app.url}${path}`);
  await page.waitForLoadState('networkidle');
  return { page, posted, close: () => context.close() };
}

async function fillContact(page: Page, email: string) {
  await page.getByLabel('First Name').fill('Grace');
  await page.getByLabel('Last Name').fill('Hopper');
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page
    .getByRole('textbox', { name: /^Message/ })
    .fill('We want to forecast demand for our bakery chain.');
}

/** The visitor began `fill` 3.5 s ago by the page's clock, and is done now. */
async function tookTheirTime(page: Page, fill: () => Promise<unknown>) {
  await page.clock.setSystemTime(Date.now() - 3_500);
  await fill();
  await page.clock.setSystemTime(Date.now());
}

const contactRow = (email: string) => app.db('contact_submissions').where({ email }).first();
const subscriberRow = (email: string) => app.db('newsletter_subscribers').where({ email }).first();

describe('the contact form', () => {
  it('a bot (or autofill) that fills it in and sends at once is held for review as too fast, not dropped as spam', async () => {
    const { page, posted, close } = await visit('/contact', '198.51.100.31');
    await fillContact(page, 'bot@example.ca');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message Sent!').waitFor();
    expect(typeof posted[0]?.startedAt).toBe('number');
    expect(await contactRow('bot@example.ca')).toMatchObject({
      is_spam: false,
      spam_reason: null,
      held: true,
      held_reason: SPAM_REASONS.tooFast,
    });
    await close();
  });

  it('a person who takes a few seconds to write is not', async () => {
    const { page, posted, close } = await visit('/contact', '198.51.100.32');
    await tookTheirTime(page, () => fillContact(page, 'person@example.ca'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message Sent!').waitFor();
    const startedAt = posted[0]?.startedAt as number;
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3_500);
    expect(await contactRow('person@example.ca')).toMatchObject({
      is_spam: false,
      spam_reason: null,
    });
    await close();
  });
});

describe('the footer newsletter signup', () => {
  const subscribe = async (page: Page, email: string) => {
    await page.getByRole('textbox', { name: 'Newsletter email address' }).fill(email);
    return page;
  };

  it('a sign-up sent at once says when the form was shown; it is not spam for that, it waits for its confirmation', async () => {
    const { page, posted, close } = await visit('/', '198.51.100.33');
    await subscribe(page, 'bot@example.ca');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Check your inbox to confirm your subscription.').waitFor();
    expect(typeof posted[0]?.startedAt).toBe('number');
    // Autofill is as fast as a bot: only the confirmation from the inbox makes it count.
    expect(await subscriberRow('bot@example.ca')).toMatchObject({
      is_spam: false,
      status: 'pending',
    });
    await close();
  });

  it('a person who types their address is not', async () => {
    const { page, close } = await visit('/', '198.51.100.34');
    await tookTheirTime(page, () => subscribe(page, 'reader@example.ca'));
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Check your inbox to confirm your subscription.').waitFor();
    expect(await subscriberRow('reader@example.ca')).toMatchObject({
      is_spam: false,
      spam_reason: null,
    });
    await close();
  });
});
