import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { launchChromium } from './browser.ts';

let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('the API reference at /api/docs', () => {
  it('is closed to a browser without the session', async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${app.url}/api/docs`);
    expect(res?.status()).toBe(401);
    await page.close();
  });

  it("renders the document for the administrator's session, under the CSP, from this server only", async () => {
    const token = await app.login();
    const context = await browser.newContext();
    await context.addCookies([{ name: 'admin_session', value: token, url: app.url }]);
    const page = await context.newPage();
    const problems: string[] = [];
    const origins = new Set<string>();
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r) => origins.add(new URL(r.url()).origin));

    const res = await page.goto(`${app.url}/api/docs`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    // Swagger UI has fetched /api/openapi.json with the cookie and drawn the operations.
    await page.getByRole('heading', { name: /Grand River Digital API/ }).waitFor();
    await page.locator('.opblock-summary-path', { hasText: '/api/blog/{id}' }).first().waitFor();
    await page.locator('.opblock-tag', { hasText: 'careers' }).waitFor();
    expect(await page.getByRole('button', { name: /Authorize/ }).isVisible()).toBe(true);

    // An operation opens with its parameters.
    await page.locator('.opblock-summary-path', { hasText: '/api/jobs/{jobId}/apply' }).click();
    const open = page.locator('.opblock.is-open');
    await open.locator('.parameter__name', { hasText: 'jobId' }).waitFor();
    await open.locator('.parameter__name', { hasText: 'resume' }).waitFor();
    expect(await open.locator('.body-param-content-type select').inputValue()).toBe(
      'multipart/form-data',
    );

    expect(problems).toEqual([]);
    expect([...origins]).toEqual([app.url]);
    await context.close();
  });
});
