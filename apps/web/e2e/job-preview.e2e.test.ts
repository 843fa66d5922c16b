import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { launchChromium, signInToBackOffice } from './browser.ts';

// Issue 11: the job editor's preview shows the server's sanitised HTML only; what the
// administrator (or whoever pasted the text) typed never runs in the back office.

let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true }), launchChromium()]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('the job description preview, in Chromium', () => {
  it('renders markdown, and neither a script nor an event handler from the text', async () => {
    const page = await (
      await browser.newContext({ viewport: { width: 1400, height: 1000 } })
    ).newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInToBackOffice(page, app.url);
    await page.goto(`${app.url}/admin/jobs`);
    await page.getByRole('button', { name: 'Add Job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Job' });
    await dialog
      .getByLabel('Description')
      .fill(
        '<h2>About the role</h2><img src="x" onerror="window.__owned = 1"><script>window.__owned = 2</script><a href="javascript:window.__owned = 3">Apply</a>',
      );
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { name: 'About the role' }).waitFor();
    expect(await preview.locator('img, script, [onerror]').count()).toBe(0);
    expect(await preview.getByText('Apply').getAttribute('href')).toBeNull();
    await preview.getByText('Apply').click();
    expect(await page.evaluate(() => (globalThis as { __owned?: number }).__owned)).toBeUndefined();

    await dialog.getByLabel('Description').fill('**Hybrid** work\nin Waterloo');
    await preview.locator('strong', { hasText: 'Hybrid' }).waitFor();
    expect(await preview.locator('br').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
