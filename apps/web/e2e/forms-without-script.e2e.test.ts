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

describe('public forms sent without their script', () => {
  it('the contact form: its fields go in the body, never in an address, and the page comes back', async () => {
    const { page, addresses, posts } = await open('/contact?utm_source=linkedin');
    const form = page.getByRole('form', { name: 'Send Us a Message' });
    await form.locator('[name="firstName"]').fill('Ada');
    await form.locator('[name="email"]').fill('ada@example.ca');
    await form.locator('[name="message"]').fill('Please call me about a project.');
    await Promise.all([
      page.waitForURL(`${app.url}/contact?utm_source=linkedin`, { waitUntil: 'load' }),
      page.getByRole('button', { name: 'Send Message' }).click(),
    ]);
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
    await Promise.all([
      page.waitForURL(`${app.url}/services`, { waitUntil: 'load' }),
      page.getByRole('button', { name: 'Subscribe' }).click(),
    ]);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toContain('ada%40example.ca');
    for (const address of addresses) expect(address).not.toContain('ada');
    await page.close();
  });
});
