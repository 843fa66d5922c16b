import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { launchChromium, reportPageOnFailure } from './browser.ts';

// A public form sent before its page's script took it over (a quick click on a slow phone), or
// with scripts off: what the person typed must not end up in the page's address, where the
// browser's history, the server's request log and the next site's referrer would keep it.

let app: TestApp;
let browser: Browser;
let noScript: BrowserContext;
let current: Page | undefined;
reportPageOnFailure(() => current);
beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true }), launchChromium()]);
  noScript = await browser.newContext({ javaScriptEnabled: false });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Opens a page, recording the address of every request it makes. */
async function open(path: string): Promise<{ page: Page; addresses: string[]; posts: string[] }> {
  const page = await noScript.newPage();
  current = page;
  const addresses: string[] = [];
  const posts: string[] = [];
  page.on('request', (r) => {
    addresses.push(r.url());
    if (r.method() === 'POST') posts.push(r.postData() ?? '');
  });
  await page.goto(`${app.url}${path}`);
  return { page, addresses, posts };
}

/**
 * Presses the form's button and waits for the page it comes back to: the `GET` the server's
 * `303` sent it to, loaded. (The address is the one it left, so waiting for the address would
 * not wait at all.) Each wait has its own limit, so a failure says which step it was.
 */
async function sendAndComeBack(page: Page, button: string, path: string): Promise<void> {
  const back = page.waitForResponse(
    (r) => r.request().method() === 'GET' && r.request().redirectedFrom()?.method() === 'POST',
    { timeout: 20_000 },
  );
  await page.getByRole('button', { name: button }).click({ timeout: 15_000 });
  const response = await back;
  expect(response.url()).toBe(`${app.url}${path}`);
  expect(response.status()).toBe(200);
  await page.waitForLoadState('load', { timeout: 15_000 });
}

describe('public forms sent without their script', () => {
  it('the contact form: its fields go in the body, never in an address, and the page comes back', async () => {
    const { page, addresses, posts } = await open('/contact?utm_source=linkedin');
    const form = page.getByRole('form', { name: 'Send Us a Message' });
    await form.locator('[name="firstName"]').fill('Ada');
    await form.locator('[name="email"]').fill('ada@example.ca');
    await form.locator('[name="message"]').fill('Please call me about a project.');
    await sendAndComeBack(page, 'Send Message', '/contact?utm_source=linkedin');
    await page.getByRole('heading', { name: 'Get in Touch' }).waitFor();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toContain('ada%40example.ca');
    for (const address of addresses) {
      expect(address).not.toContain('ada');
      expect(address).not.toContain('Please');
    }
    await page.close();
  });

  it("the footer's newsletter signup likewise", async () => {
    const { page, addresses, posts } = await open('/services');
    await page.getByRole('textbox', { name: 'Newsletter email address' }).fill('ada@example.ca');
    await sendAndComeBack(page, 'Subscribe', '/services');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toContain('ada%40example.ca');
    for (const address of addresses) expect(address).not.toContain('ada');
    await page.close();
  });
});
