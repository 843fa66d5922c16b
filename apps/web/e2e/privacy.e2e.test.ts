import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { launchChromium, signInToBackOffice, waitForQueueDrained } from './browser.ts';

// Issue 13 in the browser: the Privacy screen finds, exports and erases a person; Settings →
// Privacy sets a retention period, which the public privacy policy then states.

let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true, worker: true }), launchChromium()]);
  const res = await app.fetch('/api/contact', {
    method: 'POST',
    headers: { 'x-forwarded-for': '203.0.113.77' },
    json: {
      firstName: 'Zoe',
      lastName: 'Forgettable',
      email: 'zoe.forgettable@example.ca',
      message: 'Please help with our inventory forecasts.',
      startedAt: 0,
    },
  });
  expect(res.status).toBe(201);
  await waitForQueueDrained(app.db);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('Privacy', () => {
  it('finds a person, exports them as a zip, erases them after the address is typed again, and sets a retention period the policy states', {
    timeout: 120_000,
  }, async () => {
    const page = await browser.newPage({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    await signInToBackOffice(page, app.url);
    await page.getByText('Retention: not run yet').waitFor();

    await page.getByRole('link', { name: 'Privacy' }).first().click();
    await page.getByRole('heading', { name: 'Privacy' }).waitFor();
    await page.getByLabel('E-mail address').fill('not an address');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Enter a valid e-mail address').waitFor();

    await page.getByLabel('E-mail address').fill('Zoe.Forgettable@example.ca');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Held about zoe.forgettable@example.ca', { exact: true }).waitFor();
    expect(await page.getByText('Message from Zoe Forgettable').isVisible()).toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export (zip)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.zip$/);

    await page.getByRole('button', { name: 'Erase…' }).click();
    const erase = page.getByRole('button', { name: 'Erase for good' });
    expect(await erase.isDisabled()).toBe(true);
    await page.getByLabel('Type the address again').fill('zoe.forgettable@example.ca');
    await erase.click();
    await page.getByText('Erased: 1 record(s)').waitFor();
    await page.getByText('Nothing is held about zoe.forgettable@example.ca').waitFor();
    await page.getByText('Done', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByRole('tab', { name: 'Privacy' }).click();
    const contact = page.getByLabel('Contact form submissions');
    expect(await contact.inputValue()).toBe('730');
    await contact.fill('60');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Retention periods saved').waitFor();
    await page.close();

    // The public policy, as the server renders it, states the new period.
    const html = await (await app.fetch('/privacy-policy')).text();
    expect(html).toContain('Contact form submissions: 2 months.');
    expect(html).toContain('Job applications and résumés (after the last status change): 1 year.');
    // Unsubscribed addresses go at the nightly clean-up, and the policy says so (not "at once").
    expect(html).toContain(
      'Unsubscribed newsletter addresses: erased within a day, at the nightly clean-up;',
    );
  });
});
