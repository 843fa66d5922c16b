import { FOOTER_SIGNUP_TEXT } from '@kw/newsletter/presentation';
import {
  type CaughtMail,
  eventually,
  linksIn,
  type SmtpCatcher,
  startSmtpCatcher,
} from '@kw/platform/testing';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { gotoHydrated, launchChromium, waitForQueueDrained } from './browser.ts';

// Issue 13: double opt-in (CASL). A visitor signs up in the footer, the confirmation e-mail
// arrives at a real SMTP server, and its link opens a page whose Confirm button (a POST) makes
// the subscription count; opening the link alone confirms nothing.

let app: TestApp;
let browser: Browser;
let smtp: SmtpCatcher;
let context: BrowserContext;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  [app, browser] = await Promise.all([
    startTestApp({ web: true, worker: true, env: { SMTP_URL: smtp.url } }),
    launchChromium(),
  ]);
  context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.50' } });
  // Playwright's clock: the visitor takes their time over the form (not flagged as too fast).
  await context.clock.install();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
  await smtp?.close();
});

const row = (email: string) => app.db('newsletter_subscribers').where({ email }).first();

describe('double opt-in in the browser', () => {
  it('sign up in the footer, read the e-mail, open its link, press Confirm: active, with the form’s wording on record', {
    timeout: 120_000,
  }, async () => {
    const page = await context.newPage();
    await gotoHydrated(page, `${app.url}/services`);
    await page.waitForLoadState('networkidle');
    await page.getByText(FOOTER_SIGNUP_TEXT.consent).waitFor();
    await page.clock.setSystemTime(Date.now() - 5_000);
    await page.getByRole('textbox', { name: 'Newsletter email address' }).fill('maya@example.ca');
    await page.clock.setSystemTime(Date.now());
    await page.getByRole('button', { name: FOOTER_SIGNUP_TEXT.button }).click();
    await page
      .getByRole('status')
      .getByText('Check your inbox to confirm your subscription.')
      .waitFor();
    expect(await row('maya@example.ca')).toMatchObject({ status: 'pending', subscribed: false });

    // The e-mail, as the SMTP server received it: the sender identified, and the link.
    const mail: CaughtMail = await eventually(
      async () => smtp.mails.find((m) => m.to.includes('maya@example.ca')),
      60_000,
    );
    expect(mail.headers.subject).toBe(
      'Please confirm your subscription to the Grand River Digital newsletter',
    );
    expect(mail.headers.from).toBe('Grand River Digital <hello@grandriverdigital.ca>');
    expect(mail.text).toContain('73 Water Street North, Suite 400, Cambridge, ON N1R 7L6');
    const link = new URL(linksIn(mail).find((l) => l.includes('/newsletter/confirm?token='))!);

    // Opening the link (as a mail scanner would) confirms nothing.
    // A page of the API's own, a plain form without scripts: nothing to hydrate.
    await page.goto(`${app.url}${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Confirm your subscription' }).waitFor();
    await page.getByText('maya@example.ca').waitFor();
    expect(await row('maya@example.ca')).toMatchObject({ status: 'pending' });

    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Subscription confirmed' }).waitFor();
    await page.getByText("You've been subscribed to our newsletter.").waitFor();
    const active = await row('maya@example.ca');
    expect(active).toMatchObject({ status: 'active', subscribed: true, source: 'footer' });
    expect(active.consent).toMatchObject({
      method: 'confirm-button',
      source: 'footer',
      page: '/services',
      requestIp: '198.51.100.50',
      confirmIp: '198.51.100.50',
      wording: `${FOOTER_SIGNUP_TEXT.heading}: ${FOOTER_SIGNUP_TEXT.note} [${FOOTER_SIGNUP_TEXT.button}] ${FOOTER_SIGNUP_TEXT.consent}`,
    });
    expect(active.consent.confirmUserAgent).toMatch(/Chrome/);

    // Then the welcome, with its one-click unsubscribe.
    await waitForQueueDrained(app.db, 60_000);
    const welcome = smtp.mails.find(
      (m) => m.to.includes('maya@example.ca') && m.headers.subject?.startsWith('Welcome'),
    );
    expect(welcome?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    await page.close();
  });
});
