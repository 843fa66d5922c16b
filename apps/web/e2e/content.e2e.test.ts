import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import {
  gotoHydrated,
  hasFocus,
  launchChromium,
  pauseClock,
  signInToBackOffice,
} from './browser.ts';

let app: TestApp;
let browser: Browser;
let token: string;
beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true }), launchChromium()]);
  token = await app.login();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

// A real 1x1 PNG, and an executable pretending to be a PDF.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('dialog', (dialog) => {
    errors.push(`dialog: ${dialog.message()}`);
    dialog.dismiss();
  });
  return { page, errors };
}

/**
 * The moment a planted script would have run: every picture on screen has loaded or failed
 * (its onerror runs in that same task) and two frames have been drawn since the last click.
 */
async function pendingWorkDone(page: Page) {
  // Strings, as this code runs in the page (the test's own types have no DOM).
  await page.waitForFunction(
    '[...document.images].every((img) => img.complete || (img.loading === "lazy" && img.getBoundingClientRect().top > innerHeight))',
  );
  await page.evaluate(
    'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))',
  );
}

const filler = Array.from(
  { length: 60 },
  (_, i) => `Paragraph ${i + 1} about crops, weather and the numbers that matter.`,
).join('\n\n');

describe('writing and reading a post', () => {
  it('the administrator writes a post with an uploaded image and publishes it; a visitor finds it, opens it and jumps to a heading', async () => {
    const { page, errors } = await newPage();
    await signInToBackOffice(page, app.url);
    await page.getByRole('link', { name: 'Blog Manager' }).click();
    await page.getByRole('heading', { name: 'Blog Manager' }).waitFor();
    await page.getByRole('button', { name: 'New Blog Post' }).click();
    await page.getByRole('heading', { name: 'Create New Blog Post' }).waitFor();

    // The required fields first: the spec's messages.
    await page.getByRole('button', { name: 'Save Post' }).click();
    await page.getByText('Title is required').waitFor();
    expect(await page.getByText('Content is required').isVisible()).toBe(true);
    // The keyboard is taken to the first field in error.
    await expect.poll(() => hasFocus(page.getByLabel('Title', { exact: true }))).toBe(true);

    await page.getByLabel('Title', { exact: true }).fill('Harvest Forecasting With Small Data');
    expect(await page.getByLabel('Slug', { exact: true }).inputValue()).toBe(
      'harvest-forecasting-with-small-data',
    );
    const content = page.getByLabel('Content', { exact: true });
    await content.fill(
      `# Harvest Forecasting\nWhy small farms can forecast too.\n\n${filler}\n\n## Results and Lessons\nWhat we learned.\n\n${filler}\n\n`,
    );
    await content.press('End');
    await content.evaluate((el: { value: string; setSelectionRange(a: number, b: number): void }) =>
      el.setSelectionRange(el.value.length, el.value.length),
    );
    await page
      .getByLabel('Upload file')
      .setInputFiles({ name: 'field.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('File uploaded successfully').waitFor();
    // The image's alt text is asked for, and the image goes on a line of its own.
    await page.getByLabel('Alt text').fill('Field at harvest');
    await page.getByRole('button', { name: 'Insert image' }).click();
    await expect
      .poll(() => content.inputValue())
      .toMatch(/\n\n!\[Field at harvest\]\(\/media\/[a-z0-9-]+\.png\)\n$/);

    await page.getByLabel('Add tag').fill(' forecasting ');
    await page.getByLabel('Add tag').press('Enter');
    await page.getByLabel('Add tag').fill('forecasting');
    await page.getByLabel('Add tag').press('Enter');
    expect(await page.locator('.ant-tag', { hasText: 'forecasting' }).count()).toBe(1);
    await page.getByLabel('Add category').fill('Artificial Intelligence');
    await page.getByLabel('Add category').press('Enter');

    await page.getByRole('switch').click();
    await page.getByRole('button', { name: 'Save Post' }).click();
    await page.getByText('Blog post created successfully').waitFor();
    const row = page.getByRole('article', { name: 'Harvest Forecasting With Small Data' });
    await row.waitFor();
    expect(await row.getByText('Published').isVisible()).toBe(true);
    expect(await page.getByText(/^1 of 1 posts$/).isVisible()).toBe(true);

    // The visitor, without a token.
    const visitor = await newPage();
    const v = visitor.page;
    await gotoHydrated(v, `${app.url}/blog`);
    await v.getByPlaceholder('Search blog posts...').fill('HARVEST');
    await v.getByRole('heading', { name: 'Harvest Forecasting With Small Data' }).waitFor();
    await v.getByPlaceholder('Search blog posts...').fill('no such words');
    await v.getByText('No blog posts found matching your search.').waitFor();
    await v.getByRole('button', { name: 'Clear Search' }).click();
    // The button went with the empty state: the focus is back in the search, not lost.
    await expect
      .poll(() => v.evaluate<string>("document.activeElement?.getAttribute('type') ?? ''"))
      .toBe('search');
    await v
      .getByRole('link', { name: /^Read More\W+Harvest Forecasting With Small Data$/ })
      .click();
    await v
      .getByRole('heading', { level: 1, name: 'Harvest Forecasting With Small Data' })
      .waitFor();
    await v.waitForURL(`${app.url}/blog/harvest-forecasting-with-small-data`);

    // pictures in an article load lazily: the reader scrolls to it, and it arrives
    const image = v.locator('.prose img[src^="/media/"]');
    expect(await image.getAttribute('loading')).toBe('lazy');
    await image.evaluate((img: { scrollIntoView(): void }) => img.scrollIntoView());
    await expect
      .poll(() =>
        image.evaluate(
          (img: { complete: boolean; naturalWidth: number }) =>
            img.complete && img.naturalWidth > 0,
        ),
      )
      .toBe(true);
    await v.evaluate(() =>
      (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
    );

    const heading = v.locator('#results-and-lessons');
    const top = () => heading.evaluate((el) => el.getBoundingClientRect().top);
    expect(await top()).toBeGreaterThan(800);
    const toc = v.getByRole('navigation', { name: 'Table of Contents' });
    await toc.getByRole('link', { name: 'Results and Lessons' }).click();
    await expect.poll(top, { timeout: 5000 }).toBeLessThan(200);
    expect(await top()).toBeGreaterThanOrEqual(0);
    expect(v.url()).toMatch(/#results-and-lessons$/);
    // The keyboard's place moved to the heading too.
    expect(await hasFocus(heading)).toBe(true);

    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });

  it('an edit made on a stale copy is refused with a message to reload, and reloading shows the newer version', async () => {
    const created = await (
      await app.fetch('/api/blog', {
        method: 'POST',
        token,
        json: { title: 'Version Race', slug: 'version-race', content: 'First.' },
      })
    ).json();
    const { page } = await newPage();
    await signInToBackOffice(page, app.url);
    await page.goto(`${app.url}/admin/blog`);
    await page.getByRole('button', { name: 'Edit Version Race' }).click();
    await page.getByRole('heading', { name: 'Edit Blog Post' }).waitFor();
    // Meanwhile, another tab saves.
    const other = await app.fetch(`/api/blog/${created.id}`, {
      method: 'PUT',
      token,
      json: {
        title: 'Version Race (theirs)',
        slug: 'version-race',
        content: 'Theirs.',
        version: created.version,
      },
    });
    expect(other.status).toBe(200);
    await page.getByLabel('Title', { exact: true }).fill('Version Race (mine)');
    await page.getByRole('button', { name: 'Save Post' }).click();
    await page.getByText('This post was changed since you opened it').waitFor();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect
      .poll(() => page.getByLabel('Title', { exact: true }).inputValue())
      .toBe('Version Race (theirs)');
    const stored = await (await app.fetch('/api/blog/version-race', { token })).json();
    expect(stored.title).toBe('Version Race (theirs)');
  });
});

describe('scripts in content never run', () => {
  it('XSS payloads in markdown, HTML and imported content are removed before they reach a page', async () => {
    const payload = [
      '<script>window.__xss = "script"</script>',
      '<img src="/nope.png" onerror="window.__xss = \'onerror\'">',
      '<svg onload="window.__xss = \'svg\'"></svg>',
      '<a id="js-link" href="javascript:window.__xss=\'link\'">click me</a>',
      '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
      "[md link](javascript:window.__xss='md')",
    ].join('\n\n');
    const post = await app.fetch('/api/blog', {
      method: 'POST',
      token,
      json: {
        title: 'XSS Post',
        slug: 'xss-post',
        content: `## Safe\n\n${payload}`,
        published: true,
      },
    });
    expect(post.status).toBe(201);
    const study = await app.fetch('/api/case-studies', {
      method: 'POST',
      token,
      json: {
        title: 'XSS Study',
        slug: 'xss-study',
        content: `<h2>Safe</h2>${payload}`,
        published: true,
      },
    });
    expect(study.status).toBe(201);
    const imported = await app.fetch('/api/blog/import', {
      method: 'POST',
      token,
      json: {
        source: JSON.stringify({
          TitlePart: { Title: 'XSS Imported' },
          HtmlBodyPart: { Html: payload },
          Published: true,
        }),
      },
    });
    expect(imported.status).toBe(200);
    const csv = await app.fetch('/api/case-studies/import', {
      method: 'POST',
      token,
      json: {
        source: `Title,Content,IsDeleted,IsHidden\nXSS CSV,"${payload.replace(/"/g, '""')}",0,0\n`,
      },
    });
    expect(csv.status).toBe(200);

    const { page, errors } = await newPage();
    for (const path of [
      '/blog/xss-post',
      '/case-studies/xss-study',
      '/blog/xss-imported',
      '/case-studies/xss-csv',
    ]) {
      await page.goto(`${app.url}${path}`);
      await page
        .getByRole('heading', { name: 'Safe' })
        .or(page.locator('.prose'))
        .first()
        .waitFor();
      const link = page.getByText('click me').first();
      if (await link.count()) await link.click();
      await pendingWorkDone(page);
      expect(await page.evaluate(() => (globalThis as { __xss?: string }).__xss)).toBeUndefined();
      // Nothing executable is left in the DOM: no script or frame, no handler, no javascript: URL.
      const leftovers = await page
        .locator('.prose')
        .evaluate((root) =>
          [...root.querySelectorAll('*')].flatMap((el) => [
            ...(['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED'].includes(el.tagName) ? [el.tagName] : []),
            ...[...el.attributes]
              .filter((a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value))
              .map((a) => `${el.tagName}[${a.name}]`),
          ]),
        );
      expect(leftovers).toEqual([]);
    }
    // The editor's preview renders through the same server-side sanitiser.
    await signInToBackOffice(page, app.url);
    await page.goto(`${app.url}/admin/blog`);
    await page.getByRole('button', { name: 'Edit XSS Post' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('region', { name: 'Preview' }).getByText('click me').click();
    await pendingWorkDone(page);
    expect(await page.evaluate(() => (globalThis as { __xss?: string }).__xss)).toBeUndefined();
    expect(errors).toEqual([]);
  });
});

describe('Media Manager', () => {
  it('uploads several files with a progress bar each, shows a refusal inline, clears the bars 3 s later, copies and deletes', async () => {
    const { page } = await newPage();
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await page.clock.install();
    await signInToBackOffice(page, app.url);
    await page.goto(`${app.url}/admin/media`);
    await page.getByRole('heading', { name: 'Media Manager' }).waitFor();
    await page.getByLabel('Choose files').setInputFiles([
      { name: 'team-photo.png', mimeType: 'image/png', buffer: PNG },
      { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: ELF },
    ]);
    await page.getByText('team-photo.png (70 Bytes)').waitFor();
    expect(await page.getByText('invoice.pdf (128 Bytes)').isVisible()).toBe(true);
    await pauseClock(page);
    await page.getByRole('button', { name: /Upload 2 file/ }).click();
    const bars = page.getByTestId('upload-progress');
    await expect.poll(() => bars.count()).toBe(2);
    await page.getByText(/^Unsupported file type/).waitFor();
    // The list's refetch waits on a timer of its own: the clock moves a millisecond at a time
    // until the upload is listed, so the bars' 3 s (from the uploads' end) are barely touched.
    const listed = page.getByRole('cell', { name: /team-photo\.png/ }).first();
    await expect
      .poll(async () => {
        if (await listed.isVisible()) return true;
        await page.clock.runFor(1);
        return false;
      })
      .toBe(true);
    // The bars stay a while after the last upload ends, then go: by the page's clock.
    await page.clock.runFor(2_000);
    expect(await bars.count()).toBe(2);
    await page.clock.runFor(1_000);
    await expect.poll(() => bars.count()).toBe(0);
    await page.clock.resume();

    const row = page.getByRole('row', { name: /team-photo\.png/ });
    expect(await row.getByText('70 Bytes').isVisible()).toBe(true);
    const copyButton = row.getByRole('button', { name: 'Copy URL of team-photo.png' });
    await pauseClock(page);
    await copyButton.click();
    await page.getByText('URL copied').waitFor();
    // The button says 'Copied' for 2 seconds (admin.md §9), by the page's clock.
    await expect.poll(() => copyButton.textContent()).toContain('Copied');
    await page.clock.runFor(2_000);
    await expect.poll(() => copyButton.textContent()).toBe('Copy URL');
    await page.clock.resume();
    const copied = await page.evaluate(() =>
      (navigator as unknown as { clipboard: { readText(): Promise<string> } }).clipboard.readText(),
    );
    expect(copied).toMatch(new RegExp(`^${app.url}/media/[a-z0-9-]+\\.png$`));
    expect((await app.fetch(copied.slice(app.url.length))).status).toBe(200);

    await row.getByRole('button', { name: 'Delete team-photo.png' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('File deleted').waitFor();
    await expect.poll(() => page.getByRole('row', { name: /team-photo\.png/ }).count()).toBe(0);
    expect((await app.fetch(copied.slice(app.url.length))).status).toBe(404);
  });
});
