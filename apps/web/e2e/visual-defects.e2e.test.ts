import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createJob } from '../../../modules/careers/src/test-fixtures.ts';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { launchChromium } from './browser.ts';

// The visual defects found walking the public site (issue 15 §5), measured in Chromium.

/** The page's globals inside `evaluate` (the tests' TypeScript has no DOM library). */
type InPage = any;

let app: TestApp;
let browser: Browser;
let jobId: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true }), launchChromium()]);
  const token = await app.login();
  const categoryId = await createCategory(app, token, 'Engineering');
  jobId = await createJob(app, token, categoryId);
  const post = (extra: Record<string, unknown>) =>
    app.fetch('/api/blog', {
      method: 'POST',
      token,
      json: { content: '## Overview\n\nText.', published: true, ...extra },
    });
  for (const res of await Promise.all([
    post({
      title: 'With a Picture',
      slug: 'with-a-picture',
      featuredImage: '/media/picture.png',
      categories: ['AI'],
      publishedAt: '2026-11-02T12:00:00.000Z',
    }),
    post({
      title: 'Without a Picture',
      slug: 'without-a-picture',
      categories: ['Automation and Integration for Small and Medium Manufacturers in Ontario'],
      publishedAt: '2026-11-01T12:00:00.000Z',
    }),
  ]))
    expect(res.status).toBe(201);
  const study = await app.fetch('/api/case-studies', {
    method: 'POST',
    token,
    json: {
      title: 'Quoting in Minutes',
      slug: 'quoting-in-minutes',
      content: '<h2>The problem</h2><p>Quotes took days.</p>',
      featuredImage: '/og-image.png',
      published: true,
    },
  });
  expect(study.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function desktop(path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  const page = await context.newPage();
  await page.goto(`${app.url}${path}`, { waitUntil: 'networkidle' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return page;
}

describe('the public pages, in Chromium', () => {
  it('a toast raised while a careers dialog is open shows above it, and closes', async () => {
    const page = await desktop('/careers');
    await page.locator(`#job-${jobId}`).getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Machine Learning Engineer' });
    await details.getByRole('button', { name: 'Share Job' }).click();
    const toast = page.locator('.toast', { hasText: 'Link copied!' });
    await toast.waitFor();
    // The element at the toast's middle is the toast (or inside it), not the dialog's backdrop.
    const onTop = await toast.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = (globalThis as InPage).document.elementFromPoint(
        box.x + box.width / 2,
        box.y + box.height / 2,
      );
      return hit !== null && element.contains(hit);
    });
    expect(onTop).toBe(true);
    await toast.getByRole('button', { name: 'Close notification' }).click();
    await toast.waitFor({ state: 'detached' });
    expect(await details.isVisible()).toBe(true);
    // Closed, the dialog gives the toasts back to the page.
    await details.getByRole('button', { name: 'Close' }).click();
    await page.locator(`#job-${jobId}`).getByRole('button', { name: 'View Details' }).click();
    await details.getByRole('button', { name: 'Share Job' }).click();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    const hidden = page.locator('.toast', { hasText: 'Link copied!' });
    await hidden.waitFor();
    expect(await hidden.isVisible()).toBe(true);
    await page.context().close();
  });

  it('buttons use the site font and centre their label, also at full width', async () => {
    const page = await desktop('/careers');
    const fonts = await page.evaluate(() => {
      const { document, getComputedStyle } = globalThis as InPage;
      const body = getComputedStyle(document.body).fontFamily;
      const buttons = [...document.querySelectorAll('button, .button')].map((b: unknown) => {
        const style = getComputedStyle(b);
        return { font: style.fontFamily, justify: style.justifyContent, align: style.textAlign };
      });
      return { body, buttons };
    });
    expect(fonts.body).toContain('system-ui');
    expect(fonts.buttons.length).toBeGreaterThan(3);
    for (const button of fonts.buttons) expect(button.font).toBe(fonts.body);
    // A button stretched to its row's width keeps its label in the middle.
    const offset = await page.evaluate(() => {
      const { document } = globalThis as InPage;
      const button = document.querySelector('.job-card .button-primary');
      button.style.width = '600px';
      const label = document.createRange();
      label.selectNodeContents(button);
      const text = label.getBoundingClientRect();
      const box = button.getBoundingClientRect();
      return Math.abs(text.left - box.left - (box.right - text.right));
    });
    expect(offset).toBeLessThan(2);
    await page.context().close();
  });

  it('a blog card without a picture has a placeholder of the same height; a two-line badge leaves the date on one line', async () => {
    const page = await desktop('/blog');
    const cards = await page.evaluate(() =>
      [...(globalThis as InPage).document.querySelectorAll('.content-card')].map((card) => {
        const time = card.querySelector('time')!;
        const badge = card.querySelector('.badge')!;
        const line = Number.parseFloat((globalThis as InPage).getComputedStyle(time).lineHeight);
        return {
          title: card.querySelector('.card-title')!.textContent,
          bodyTop:
            card.querySelector('.card-body')!.getBoundingClientRect().top -
            card.getBoundingClientRect().top,
          dateLines: Math.round(time.getBoundingClientRect().height / line),
          badgeLines: Math.round(badge.getBoundingClientRect().height / line),
        };
      }),
    );
    const withPicture = cards.find((c) => c.title === 'With a Picture')!;
    const without = cards.find((c) => c.title === 'Without a Picture')!;
    expect(withPicture.bodyTop).toBeGreaterThan(100);
    expect(Math.abs(without.bodyTop - withPicture.bodyTop)).toBeLessThan(2);
    expect(without.badgeLines).toBeGreaterThanOrEqual(2);
    expect(without.dateLines).toBe(1);
    await page.context().close();
  });

  it("the case study's hero image keeps its 16:9 proportion at a sensible height", async () => {
    const page = await desktop('/case-studies/quoting-in-minutes');
    const box = await page.locator('article > .post-image').boundingBox();
    expect(box!.height).toBeLessThanOrEqual(440);
    expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1);
    await page.context().close();
  });

  it("the contact form's honeypot says 'Invalid submission' in the toast, and sends nothing", async () => {
    const page = await desktop('/contact');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.getByLabel('First Name').fill('Bot');
    await page.getByLabel('Last Name').fill('Net');
    await page.getByRole('textbox', { name: /^Email/ }).fill('bot@example.com');
    await page.getByRole('textbox', { name: /^Message/ }).fill('Buy cheap things from us today.');
    await page.locator('input[name="website"]').fill('https://spam.example', { force: true });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page
      .locator('.toast', {
        hasText: 'Invalid submission. Failed to send message. Please try again.',
      })
      .waitFor();
    expect(posts).toEqual([]);
    await page.context().close();
  });
});
