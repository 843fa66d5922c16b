import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createJob } from '../../../modules/careers/src/test-fixtures.ts';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { launchChromium } from './browser.ts';

// The blog, case-study and careers pages arrive rendered with their data, and hydrate from the
// state the server sent: RTK Query (the store) loads only when a request has to be made.

let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true }), launchChromium()]);
  const token = await app.login();
  for (const [title, slug] of [
    ['Automating Invoices in Waterloo', 'automating-invoices'],
    ['A Practical Guide to Chatbots', 'practical-chatbots'],
  ]) {
    const res = await app.fetch('/api/blog', {
      method: 'POST',
      token,
      json: { title, slug, content: `## Overview\n\nHello from ${slug}.`, published: true },
    });
    expect(res.status).toBe(201);
  }
  const categoryId = await createCategory(app, token, 'Engineering');
  await createJob(app, token, categoryId, { title: 'Machine Learning Developer' });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const STORE_CHUNK = /\/assets\/(store|api)-[\w-]+\.js$/;

/** Opens a page and records its requests and errors (a hydration mismatch logs an error). */
async function open(path: string) {
  const page = await browser.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  // the layout shifts of the whole load, as Chromium reports them (Lighthouse's CLS)
  await page.addInitScript(() => {
    const w = globalThis as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        w.shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift' as never, buffered: true });
  });
  await page.goto(`${app.url}${path}`, { waitUntil: 'networkidle' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return { page, requests, errors };
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { shifts: number }).shifts);

const cards = (page: Page) => page.locator('.content-grid article');

describe('data pages hydrate from the server state', () => {
  it('/blog works without loading the store; opening a post loads it and fetches the post', async () => {
    const { page, requests, errors } = await open('/blog');
    expect(await cards(page).count()).toBe(2);
    // hydrated and interactive: the search filters the server's list
    await page.getByRole('searchbox', { name: 'Search blog posts' }).fill('chatbots');
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(requests.filter((p) => STORE_CHUNK.test(p))).toEqual([]);
    expect(requests.filter((p) => p.startsWith('/api/blog'))).toEqual([]);

    // a client-side navigation to a post: the store and the post's request come now
    await cards(page).getByRole('link').first().click();
    await page.waitForURL(`${app.url}/blog/practical-chatbots`);
    await page.getByRole('heading', { level: 1, name: 'A Practical Guide to Chatbots' }).waitFor();
    expect(requests.some((p) => STORE_CHUNK.test(p))).toBe(true);
    expect(requests).toContain('/api/blog/practical-chatbots');
    expect(await page.title()).toContain('A Practical Guide to Chatbots');

    // back to the list: the server's list is still in the cache, shown at once
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Our Blog' }).waitFor();
    await expect.poll(() => cards(page).count()).toBe(2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the data pages do not move as they load: their styles come with the first paint', async () => {
    for (const path of ['/blog', '/blog/automating-invoices', '/case-studies', '/careers']) {
      const { page, errors } = await open(path);
      expect(await layoutShift(page), path).toBeLessThan(0.01);
      expect(errors, path).toEqual([]);
      await page.close();
    }
  });

  it('a missing post opened directly shows Blog Post Not Found without asking again', async () => {
    const { page, requests, errors } = await open('/blog/never-written');
    expect(await page.getByRole('heading', { name: 'Blog Post Not Found' }).isVisible()).toBe(true);
    expect(requests.filter((p) => STORE_CHUNK.test(p) || p.startsWith('/api/'))).toEqual([]);
    // the 404 response is the expected one; nothing else went wrong
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    await page.close();
  });

  it('/careers hydrates without the store; the apply dialog loads it for its form', async () => {
    const { page, requests, errors } = await open('/careers');
    await page.getByRole('button', { name: 'All Positions (1)' }).waitFor();
    await page.getByRole('button', { name: 'Engineering (1)' }).click();
    await expect
      .poll(() =>
        page.getByRole('button', { name: 'Engineering (1)' }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    expect(requests.filter((p) => STORE_CHUNK.test(p) || p.startsWith('/api/jobs'))).toEqual([]);

    await page.getByRole('button', { name: 'Apply Now' }).first().click();
    await page.getByRole('dialog').waitFor();
    await expect.poll(() => requests.some((p) => STORE_CHUNK.test(p))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
