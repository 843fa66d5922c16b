import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import {
  gotoHydrated,
  launchChromium,
  reportPageOnFailure,
  signInToBackOffice,
} from './browser.ts';

let app: TestApp;
let browser: Browser;
let page: Page;
reportPageOnFailure(() => page);
const errors: string[] = [];
beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true }), launchChromium()]);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await signInToBackOffice(page, app.url);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const fixture = (file: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../modules', file), 'utf8');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('importers in the back office', () => {
  it('the JSON importer checks as you type, previews the mapped post and imports it', async () => {
    await page.goto(`${app.url}/admin/json-import`);
    const source = page.getByLabel('JSON source');
    await source.fill('{ "TitlePart": ');
    await page.getByText(/^JSON Error: /).waitFor();
    await source.fill('{ "MarkdownBodyPart": { "Markdown": "x" } }');
    await page.getByText('JSON Error: Missing required field: TitlePart.Title').waitFor();
    await source.fill(fixture('blog/src/fixtures/orchard-post.json'));
    await page.getByText('Valid JSON structure').waitFor();
    await page.getByText('five-automation-wins', { exact: true }).waitFor();
    expect(await page.getByText('5 min read', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('/media/blog/hero.jpg').first().isVisible()).toBe(true);
    // The picture it points to is not on this site: said before importing.
    await page.getByText('Featured image not found').waitFor();
    await page.getByRole('button', { name: 'Import Blog Post' }).click();
    await page.getByText('Blog post imported successfully').waitFor();
    const post = await (await app.fetch('/api/blog/five-automation-wins')).json();
    expect(post.title).toBe('Five Automation Wins for Waterloo Manufacturers');
  });

  it('the CSV importer counts the live rows, previews three and imports them all', async () => {
    const extra = [
      '6,"Solar Monitoring","","<p>Dashboards for a solar installer.</p>",0,0',
      '7,"Claims Triage","","<p>Claims triage for an insurance broker.</p>",0,0',
    ].join('\n');
    await page.goto(`${app.url}/admin/case-study-importer`);
    await page.getByLabel('CSV source').fill('Title');
    await page.getByText('CSV must have at least a header and one data row').waitFor();
    await page
      .getByLabel('CSV source')
      .fill(`${fixture('case-studies/src/fixtures/case-studies.csv')}${extra}\n`);
    await page.getByText('Valid CSV - 5 case studies found').waitFor();
    expect(
      await page
        .getByText('2 of 7 rows are marked deleted or hidden', { exact: false })
        .isVisible(),
    ).toBe(true);
    expect(await page.getByText('... and 2 more case studies').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Import 5 Case Studies' }).click();
    await page.getByText('Case studies imported successfully').waitFor();
    const all = await (await app.fetch('/api/case-studies')).json();
    expect(all).toHaveLength(5);
  });
});

describe('Case Study Manager', () => {
  it('searches, creates a case study with an uploaded image, and deletes one after confirming', async () => {
    await page.goto(`${app.url}/admin/case-studies`);
    await page.getByRole('heading', { name: 'Case Study Manager' }).waitFor();
    await page.getByLabel('Search case studies').fill('healthcare');
    await page.getByText('1 of 5 case studies').waitFor();
    await page.getByLabel('Search case studies').fill('');

    await page.getByRole('button', { name: 'New Case Study' }).click();
    await page.getByRole('heading', { name: 'Create Case Study' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Route Planning for a Courier');
    expect(await page.getByLabel('Slug', { exact: true }).inputValue()).toBe(
      'route-planning-for-a-courier',
    );
    await page.getByLabel('Industry').fill('Logistics');
    await page.getByLabel('Client Name').fill('Speedy Parcels');
    await page.getByLabel('Content (HTML)').fill('<h2>Challenge</h2><p>Late deliveries.</p>');
    await page
      .getByLabel('Upload image')
      .setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Image uploaded').waitFor();
    await page.getByLabel('Alt text').fill('Delivery routes on a map');
    await page.getByRole('button', { name: 'Insert image' }).click();
    await expect
      .poll(() => page.getByLabel('Content (HTML)').inputValue())
      .toMatch(
        /^<h2>Challenge<\/h2><p>Late deliveries\.<\/p>\n<img src="\/media\/[a-z0-9-]+\.png" alt="Delivery routes on a map" \/>\n$/,
      );
    await page.getByLabel('Add technology').fill('Python');
    await page.getByLabel('Add technology').press('Enter');
    await page.getByRole('switch').click();
    await page.getByRole('button', { name: 'Save Case Study' }).click();
    await page.getByText('Case study created successfully').waitFor();
    await page.getByRole('article', { name: 'Route Planning for a Courier' }).waitFor();

    await page.getByRole('button', { name: 'Delete Claims Triage' }).click();
    await page
      .locator('.ant-modal-confirm-title', {
        hasText: 'Are you sure you want to delete this case study?',
      })
      .waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Case study deleted successfully').waitFor();
    await expect.poll(() => page.getByRole('article', { name: 'Claims Triage' }).count()).toBe(0);
  });

  it('a visitor filters case studies by industry with removable chips and clears an empty search', async () => {
    const v = await (await browser.newContext()).newPage();
    v.on('pageerror', (error) => errors.push(error.message));
    await gotoHydrated(v, `${app.url}/case-studies`);
    await v.getByRole('heading', { name: 'Route Planning for a Courier' }).waitFor();
    await v.getByLabel('Industry').selectOption('Healthcare');
    await v.getByText('Industry: Healthcare').waitFor();
    expect(await v.locator('.content-card').count()).toBe(1);
    await v.getByRole('button', { name: 'Remove industry filter' }).click();
    await expect.poll(() => v.locator('.content-card').count()).toBe(5);
    // A button that removes itself gives the focus to the control it cleared.
    const focused = () =>
      v.evaluate<string>("document.activeElement?.getAttribute('aria-label') ?? ''");
    expect(await focused()).toBe('Industry');
    await v.getByPlaceholder('Search case studies...').fill('speedy');
    await expect.poll(() => v.locator('.content-card').count()).toBe(1);
    await v.getByPlaceholder('Search case studies...').fill('nothing like this');
    await v.getByText('No case studies found matching your criteria.').waitFor();
    await v.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => v.locator('.content-card').count()).toBe(5);
    expect(await focused()).toBe('Search case studies');
    await v.getByRole('link', { name: /^Read Case Study\W+Route Planning for a Courier$/ }).click();
    await v.getByRole('heading', { level: 1, name: 'Route Planning for a Courier' }).waitFor();
    expect(await v.getByText('Speedy Parcels').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('sharing a post', () => {
  it('copies the link where there is no share sheet, uses the share sheet where there is one, and says when copying fails', async () => {
    const url = `${app.url}/blog/five-automation-wins`;
    const copyContext = await browser.newContext();
    await copyContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    const copier = await copyContext.newPage();
    await gotoHydrated(copier, url);
    await copier.getByRole('button', { name: 'Share' }).click();
    await copier.getByText('Link copied!').waitFor();
    expect(
      await copier.evaluate(() =>
        (
          navigator as unknown as { clipboard: { readText(): Promise<string> } }
        ).clipboard.readText(),
      ),
    ).toBe(url);

    const sharer = await (await browser.newContext()).newPage();
    await sharer.addInitScript(() => {
      const nav = navigator as unknown as { share(data: { url: string }): Promise<void> };
      nav.share = async (data) => {
        (globalThis as { sharedUrl?: string }).sharedUrl = data.url;
      };
    });
    await gotoHydrated(sharer, url);
    await sharer.getByRole('button', { name: 'Share' }).click();
    await sharer.getByText('Shared successfully').waitFor();
    expect(await sharer.evaluate(() => (globalThis as { sharedUrl?: string }).sharedUrl)).toBe(url);

    const failing = await (await browser.newContext()).newPage();
    await failing.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
    });
    await gotoHydrated(failing, url);
    await failing.getByRole('button', { name: 'Share' }).click();
    await failing.getByText('Failed to copy').waitFor();
    expect(await failing.getByText('Please try again or copy the URL manually.').isVisible()).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });
});
