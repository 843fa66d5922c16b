import { eventually } from '@kw/platform/testing';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { gotoHydrated, launchChromium } from './browser.ts';

// The tracker reports nothing from localhost or an IP address, so the site is visited here
// under a real-looking host name whose requests are relayed to the test server (over http or,
// as the CSP upgrades sub-requests, https).
const HOST = 'http://www.grd-site.test';
const ANY_SCHEME = /^https?:\/\/www\.grd-site\.test/;

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true }), launchChromium()]);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route(ANY_SCHEME, async (route) => {
    const request = route.request();
    const headers = { ...request.headers() };
    delete headers['accept-encoding'];
    const res = await fetch(request.url().replace(ANY_SCHEME, app.url), {
      method: request.method(),
      headers,
      body: request.postDataBuffer() ?? undefined,
      redirect: 'manual',
    });
    const out = Object.fromEntries(
      [...res.headers].filter(([k]) => !['content-encoding', 'content-length'].includes(k)),
    );
    await route.fulfill({
      status: res.status,
      headers: out,
      body: Buffer.from(await res.arrayBuffer()),
    });
  });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

type Row = { type: string; data: Record<string, unknown> };
const events = async (type: string): Promise<Row[]> => app.db('events').where({ type });
const pageViews = async (path: string) =>
  (await events('PageViewed')).filter((e) => e.data.path === path);
const recorded = async (action: string) =>
  (await events('AnalyticsEventRecorded')).filter((e) => e.data.action === action);

describe('analytics from the browser', () => {
  it('records a page view with its campaign on the first load and on each route change', async () => {
    const page = await context.newPage();
    await page.goto(`${HOST}/services?utm_source=newsletter&utm_medium=email&utm_campaign=fall`);
    const [view] = await eventually(async () => {
      const rows = await pageViews('/services');
      return rows.length ? rows : null;
    });
    expect(view!.data).toMatchObject({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'fall',
      userAgent: expect.stringContaining('Chrome'),
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'About Grand River Digital' }).waitFor();
    await eventually(async () => (await pageViews('/about')).length === 1);
    await page.close();
  });

  it('records contact_form_submit and service_interest on a sent message, contact_form_error on a failure', async () => {
    const page = await context.newPage();
    await gotoHydrated(page, `${HOST}/contact`);
    const fill = async () => {
      await page.getByLabel('First Name').fill('Ann');
      await page.getByLabel('Last Name').fill('Lee');
      await page.getByRole('textbox', { name: /^Email/ }).fill('ann@example.ca');
      await page.getByLabel('Service of Interest').selectOption('integration');
      await page
        .getByRole('textbox', { name: /^Message/ })
        .fill('Our shop and our books do not talk.');
    };
    await fill();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message Sent!').waitFor();
    await eventually(async () => (await recorded('contact_form_submit')).length === 1);
    const [interest] = await eventually(async () => {
      const rows = await recorded('service_interest');
      return rows.length ? rows : null;
    });
    expect(interest!.data).toMatchObject({
      category: 'engagement',
      label: 'integration',
      path: '/contact',
    });

    await page.route('**/api/contact', (route) => route.fulfill({ status: 503, body: 'down' }));
    await fill();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Failed to send message. Please try again.').waitFor();
    await eventually(async () => (await recorded('contact_form_error')).length === 1);
    await page.close();
  });

  it('records an error event when the newsletter signup fails', async () => {
    const page = await context.newPage();
    await page.route('**/api/newsletter/subscribe', (route) =>
      route.fulfill({ status: 500, body: 'boom' }),
    );
    await gotoHydrated(page, `${HOST}/`);
    await page.getByRole('textbox', { name: 'Newsletter email address' }).fill('ann@example.ca');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Failed to subscribe. Please try again.').waitFor();
    const [error] = await eventually(async () => {
      const rows = await recorded('newsletter_signup_error');
      return rows.length ? rows : null;
    });
    expect(error!.data).toMatchObject({ category: 'error', label: 'footer' });
    await page.close();
  });

  it('sends nothing from an IP address host or from /admin', async () => {
    const before = (await events('PageViewed')).length;
    const page = await context.newPage();
    const hits: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/analytics/')) hits.push(r.url());
    });
    await gotoHydrated(page, `${app.url}/about`); // 127.0.0.1
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Services' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Our Services' }).waitFor();
    await page.goto(`${HOST}/admin`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    // Then a page that does count: once its view is recorded, a view sent before it would be too.
    const services = (await pageViews('/services')).length;
    await page.goto(`${HOST}/services`);
    await eventually(async () => (await pageViews('/services')).length === services + 1);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatch(ANY_SCHEME);
    expect((await events('PageViewed')).length).toBe(before + 1);
    await page.close();
  });
});
