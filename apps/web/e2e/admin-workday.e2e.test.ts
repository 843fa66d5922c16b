import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createJob } from '../../../modules/careers/src/test-fixtures.ts';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { launchChromium, signInToBackOffice, submitAdminLogin } from './browser.ts';

// The back office as the administrator keeps it open all day (issue 14): work is never lost,
// the toolbar, the media in-use warning and bulk actions.

let app: TestApp;
let browser: Browser;
let token: string;
const errors: string[] = [];
beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true }), launchChromium()]);
  token = await app.login();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function adminPage(): Promise<Page> {
  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 900 } })
  ).newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  // Leaving a page with unsaved changes asks (beforeunload): the tests answer yes.
  page.on('dialog', (dialog) => dialog.accept());
  await signInToBackOffice(page, app.url);
  return page;
}

async function createPost(title: string, content: string) {
  const res = await app.fetch('/api/blog', {
    method: 'POST',
    token,
    json: { title, slug: title.toLowerCase().replace(/\W+/g, '-'), content, published: false },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; slug: string };
}

const draftIn = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

describe('work is never lost', () => {
  it('an unsaved new post survives a reload and is offered back; leaving asks first', async () => {
    const page = await adminPage();
    // The Quick Action opens the editor itself.
    await page.getByRole('link', { name: 'Create Blog Post' }).click();
    await page.getByRole('heading', { name: 'Create New Blog Post' }).waitFor();
    await expect.poll(() => page.title()).toBe('Blog Manager · Admin');
    expect(await page.locator('main').count()).toBe(1);
    await page.getByLabel('Title', { exact: true }).fill('Notes From the Shop Floor');
    await page.getByLabel('Content', { exact: true }).fill('Words not saved yet.');
    await expect.poll(() => draftIn(page, 'adminDraft:blog:new')).toContain('Words not saved yet.');

    await page.reload();
    await page.getByRole('heading', { name: 'Create New Blog Post' }).waitFor();
    await page.getByText('You have unsaved changes to this post').waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Restore' }).click();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(
      'Notes From the Shop Floor',
    );
    expect(await page.getByLabel('Content', { exact: true }).inputValue()).toBe(
      'Words not saved yet.',
    );

    // Cancel asks; keeping on editing stays, discarding leaves and forgets the draft.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Leave without saving?' }).waitFor();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await page.getByRole('heading', { name: 'Create New Blog Post' }).waitFor();
    await page.getByRole('link', { name: 'Media Manager' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Leave without saving?' }).waitFor();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('heading', { name: 'Media Manager' }).waitFor();
    await expect.poll(() => page.title()).toBe('Media Manager · Admin');
    expect(await draftIn(page, 'adminDraft:blog:new')).toBeNull();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('link', { name: 'Add Case Study' }).click();
    await page.getByRole('heading', { name: 'Create Case Study' }).waitFor();
    await expect.poll(() => page.title()).toBe('Case Study Manager · Admin');
    await page.context().close();
  });

  it('the job and category dialogs ask before closing over unsaved changes (Cancel, ×, a click outside)', async () => {
    const categoryId = await createCategory(app, token, 'Field Work');
    await createJob(app, token, categoryId, { title: 'Irrigation Technician' });
    const page = await adminPage();
    await page.goto(`${app.url}/admin/jobs`);
    const confirm = page.locator('.ant-modal-confirm');
    const question = confirm.locator('.ant-modal-confirm-title', {
      hasText: 'Leave without saving?',
    });

    // Nothing typed: Cancel closes at once.
    await page.getByRole('button', { name: 'Add Job' }).click();
    const addJob = page.getByRole('dialog', { name: 'Add Job' });
    await addJob.getByLabel('Title').waitFor();
    await addJob.getByRole('button', { name: 'Cancel' }).click();
    await addJob.waitFor({ state: 'hidden' });
    expect(await confirm.count()).toBe(0);

    // From the keyboard: opened with Enter, closed with Escape at once, nothing asked.
    await page.getByRole('button', { name: 'Add Job' }).focus();
    await page.keyboard.press('Enter');
    await addJob.waitFor();
    await page.keyboard.press('Escape');
    await addJob.waitFor({ state: 'hidden' });
    expect(await confirm.count()).toBe(0);

    // Typed work: the × asks; keeping on editing keeps it, a click outside asks again.
    await page.getByRole('button', { name: 'Add Job' }).click();
    await addJob.getByLabel('Title').fill('Greenhouse Data Analyst');
    await addJob.getByRole('button', { name: 'Close' }).click();
    await question.waitFor();
    expect(
      await confirm.getByText('Your changes to this job have not been saved.').isVisible(),
    ).toBe(true);
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await addJob.getByLabel('Title').inputValue()).toBe('Greenhouse Data Analyst');
    await page.mouse.click(20, 450);
    await question.waitFor();
    expect(await addJob.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Discard changes' }).click();
    await addJob.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Add Job' }).click();
    expect(await addJob.getByLabel('Title').inputValue()).toBe('');
    await addJob.getByRole('button', { name: 'Cancel' }).click();
    await addJob.waitFor({ state: 'hidden' });

    // Editing a job: Cancel asks too, and discarding leaves the stored values.
    await page.getByRole('button', { name: 'Actions for Irrigation Technician' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editJob = page.getByRole('dialog', { name: 'Edit Job' });
    await editJob.getByLabel('Description').fill('A new description, half written.');
    await editJob.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor();
    await confirm.getByRole('button', { name: 'Discard changes' }).click();
    await editJob.waitFor({ state: 'hidden' });

    // The category dialog is the same.
    await page.getByRole('tab', { name: /^Categories/ }).click();
    await page.getByRole('button', { name: 'Add Category' }).click();
    const addCategory = page.getByRole('dialog', { name: 'Add Category' });
    await addCategory.getByLabel('Name').fill('Agronomy');
    await addCategory.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor();
    expect(
      await confirm.getByText('Your changes to this job category have not been saved.').isVisible(),
    ).toBe(true);
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await addCategory.getByLabel('Name').inputValue()).toBe('Agronomy');
    await page.mouse.click(20, 450);
    await question.waitFor();
    await confirm.getByRole('button', { name: 'Discard changes' }).click();
    await addCategory.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('when the session expires, a save says so, and signing in again comes back to the editor with the work', async () => {
    const post = await createPost('Spring Planting Models', 'The first version.');
    const page = await adminPage();
    await page.goto(`${app.url}/admin/blog`);
    await page.getByRole('button', { name: 'Edit Spring Planting Models' }).click();
    await page.getByRole('heading', { name: 'Edit Blog Post' }).waitFor();
    await page
      .getByLabel('Content', { exact: true })
      .fill('The second version, written all morning.');

    // The session ends on the server (as an expiry would) while the editor is open.
    const pageToken = await page.evaluate(() => localStorage.getItem('adminToken'));
    expect(
      (await app.fetch('/api/auth/logout', { method: 'POST', token: pageToken! })).status,
    ).toBeLessThan(300);
    await page.getByRole('button', { name: 'Save Post' }).click();
    await page.getByText('Authentication expired').waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(await draftIn(page, `adminDraft:blog:${post.id}`)).toContain('written all morning');

    await submitAdminLogin(page);
    await page.getByRole('heading', { name: 'Edit Blog Post' }).waitFor();
    expect(new URL(page.url()).search).toBe(`?edit=${post.id}`);
    await page.getByText('Your unsaved changes were restored').waitFor();
    expect(await page.getByLabel('Content', { exact: true }).inputValue()).toBe(
      'The second version, written all morning.',
    );
    await page.getByRole('button', { name: 'Save Post' }).click();
    await page.getByText('Blog post updated successfully').waitFor();
    const saved = await (await app.fetch(`/api/blog/${post.slug}`, { token })).json();
    expect(saved.content).toBe('The second version, written all morning.');
    expect(await draftIn(page, `adminDraft:blog:${post.id}`)).toBeNull();
    await page.context().close();
  });
});

describe('defects found in use', () => {
  it('login messages once; a scheduled post says so without a View link; the date pickers show the day', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}/admin`);
    await expect.poll(() => page.title()).toBe('Login · Admin');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Password is required').waitFor();
    expect(await page.getByText('Username is required').count()).toBe(1);
    expect(await page.getByText('Password is required').count()).toBe(1);
    await submitAdminLogin(page);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const res = await app.fetch('/api/blog', {
      method: 'POST',
      token,
      json: {
        title: 'Coming in Spring',
        slug: 'coming-in-spring',
        content: 'Later.',
        published: true,
        publishedAt: '2099-03-01T14:00:00.000Z',
      },
    });
    expect(res.status).toBe(201);
    await page.goto(`${app.url}/admin/blog`);
    const row = page.getByRole('article', { name: 'Coming in Spring' });
    await row.getByText(/^Scheduled for 2099-03-01/).waitFor();
    expect(await row.getByText('Published', { exact: true }).count()).toBe(0);
    expect(await row.getByRole('button', { name: /^View/ }).count()).toBe(0);
    expect(await row.getByText('No excerpt').isVisible()).toBe(true);

    // The Published Date is the antd picker; the Applications filter shows the picked day.
    await page.getByRole('button', { name: 'Edit Coming in Spring' }).click();
    expect(await page.getByLabel('Published Date').inputValue()).toBe('2099-03-01 09:00');
    // Nothing changed: Cancel goes straight back to the list, and Back still to the dashboard.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('article', { name: 'Coming in Spring' }).waitFor();
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(`${app.url}/admin/jobs#applications`);
    await page.locator('#application-from-date').click();
    await page.locator('.ant-picker-cell-in-view', { hasText: /^15$/ }).click();
    await expect
      .poll(() => page.locator('#application-from-date').inputValue())
      .toMatch(/^\d{4}-\d{2}-15$/);
    await context.close();
  });

  it('Enter in the Published Date confirms the typed date, even without a time, and does not save the post', async () => {
    const post = await createPost('Frost Dates', 'When to plant.');
    const page = await adminPage();
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/blog/'))
        saves.push(request.url());
    });
    await page.goto(`${app.url}/admin/blog?edit=${post.id}`);
    await page.getByRole('heading', { name: 'Edit Blog Post' }).waitFor();
    const date = page.getByLabel('Published Date');
    await date.click();
    await date.pressSequentially('2026-01-15');
    await date.press('Enter');
    await expect.poll(() => date.inputValue()).toBe('2026-01-15 00:00');
    expect(await page.getByRole('heading', { name: 'Edit Blog Post' }).isVisible()).toBe(true);

    // Only Save Post saves, once, with the typed day (midnight in the business's zone).
    await page.getByRole('button', { name: 'Save Post' }).click();
    await page.getByText('Blog post updated successfully').waitFor();
    expect(saves).toHaveLength(1);
    const saved = await (await app.fetch(`/api/blog/${post.slug}`, { token })).json();
    expect(saved.publishedAt).toBe('2026-01-15T05:00:00.000Z');
    await page.context().close();
  });

  it("at 390 px the managers' headers wrap and the erasures table scrolls in its card: no page scrolls sideways", async () => {
    const contact = await app.fetch('/api/contact', {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.90' },
      json: {
        firstName: 'Narrow',
        lastName: 'Screen',
        email: 'narrow.screen@example.ca',
        message: 'Please forget me once this is answered.',
      },
    });
    expect(contact.status).toBe(201);
    const erased = await app.fetch('/api/privacy/erase', {
      method: 'POST',
      token,
      json: { email: 'narrow.screen@example.ca', confirmEmail: 'narrow.screen@example.ca' },
    });
    expect(erased.status).toBe(200);

    const page = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await signInToBackOffice(page, app.url);
    const overflow = () =>
      page.evaluate(
        'document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth',
      );
    for (const [path, button] of [
      ['/admin/blog', 'New Blog Post'],
      ['/admin/case-studies', 'New Case Study'],
    ] as const) {
      await page.goto(`${app.url}${path}`);
      const box = await page.getByRole('button', { name: button }).boundingBox();
      expect(box, path).not.toBeNull();
      expect(box!.x, path).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, path).toBeLessThanOrEqual(390);
      expect(await overflow(), path).toBe(0);
    }
    await page.goto(`${app.url}/admin/privacy`);
    await page.getByText('Recent erasures').waitFor();
    await page
      .getByRole('cell', { name: 'Done' })
      .or(page.getByText(/^Pending/))
      .first()
      .waitFor();
    expect(await overflow()).toBe(0);
    await page.context().close();
  });

  it('heading and list buttons replace the line’s prefix instead of stacking them', async () => {
    const page = await adminPage();
    await page.goto(`${app.url}/admin/blog?edit=new`);
    const content = page.getByLabel('Content', { exact: true });
    await content.fill('First line\nIntro');
    await content.evaluate((el: { setSelectionRange(a: number, b: number): void }) =>
      el.setSelectionRange(13, 13),
    );
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await toolbar.getByRole('button', { name: 'H1', exact: true }).click();
    await expect.poll(() => content.inputValue()).toBe('First line\n# Intro');
    await toolbar.getByRole('button', { name: 'H2', exact: true }).click();
    await expect.poll(() => content.inputValue()).toBe('First line\n## Intro');
    await toolbar.getByRole('button', { name: 'List', exact: true }).click();
    await expect.poll(() => content.inputValue()).toBe('First line\n- Intro');
    await toolbar.getByRole('button', { name: 'List', exact: true }).click();
    await expect.poll(() => content.inputValue()).toBe('First line\nIntro');
    await page.context().close();
  });
});

describe('Media Manager', () => {
  it('deleting a file a post still uses says where, and asks', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'barn.png');
    const uploaded = await app.fetch('/api/media/upload', { method: 'POST', token, body: form });
    expect(uploaded.status).toBe(201);
    const { url } = await uploaded.json();
    await createPost('Barn Sensors', `Before\n![The barn](${url})\n`);

    const page = await adminPage();
    await page.goto(`${app.url}/admin/media`);
    const row = page.getByRole('row', { name: /barn\.png/ });
    await row.getByText('In use').waitFor();
    await row.getByRole('button', { name: 'Delete barn.png' }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog
      .locator('.ant-modal-confirm-title', { hasText: 'barn.png is still in use' })
      .waitFor();
    expect(await dialog.getByText("Blog post 'Barn Sensors' (content)").isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Keep the file' }).click();
    // Gone, its closing animation done: until then its layer takes the next click.
    await dialog.waitFor({ state: 'detached' });
    expect((await app.fetch(url)).status).toBe(200);

    await row.getByRole('button', { name: 'Delete barn.png' }).click();
    // Asked again: the answer is given once the question is on screen, as a person would.
    await dialog
      .locator('.ant-modal-confirm-title', { hasText: 'barn.png is still in use' })
      .waitFor();
    await dialog.getByRole('button', { name: 'Delete anyway' }).click();
    await page.getByText('File deleted').waitFor();
    expect((await app.fetch(url)).status).toBe(404);
    await page.context().close();
  });
  it('shows the upload date as every other screen does (2026-11-24, 8:20:58 a.m.)', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'silo.png');
    const uploaded = await app.fetch('/api/media/upload', { method: 'POST', token, body: form });
    expect(uploaded.status).toBe(201);
    const page = await adminPage();
    await page.goto(`${app.url}/admin/media`);
    const row = page.getByRole('row', { name: /silo\.png/ });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toMatch(/\d{4}-\d{2}-\d{2}, \d{1,2}:\d{2}:\d{2}\s[ap]\.m\./);
    expect(text).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);
    await page.context().close();
  });
});

describe('bulk actions', () => {
  it('marks several contact submissions processed with one confirmation, each its own event', async () => {
    const ids: string[] = [];
    for (const name of ['Ann', 'Bo', 'Cy']) {
      const res = await app.fetch('/api/contact', {
        method: 'POST',
        headers: { 'x-forwarded-for': `203.0.113.${ids.length + 50}` },
        json: {
          firstName: name,
          lastName: 'Bulk',
          email: `${name.toLowerCase()}@example.ca`,
          message: 'We would like to talk about automating our invoices.',
        },
      });
      expect(res.status).toBe(201);
      ids.push((await res.json()).id);
    }
    const page = await adminPage();
    await page.goto(`${app.url}/admin/contact`);
    for (const name of ['Ann', 'Bo'])
      await page
        .getByRole('row', { name: new RegExp(`${name} Bulk`) })
        .getByRole('checkbox')
        .check();
    const bar = page.getByRole('toolbar', { name: 'Selected rows' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Mark Processed' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm
      .locator('.ant-modal-confirm-title', { hasText: 'Mark 2 submissions as processed?' })
      .waitFor();
    // The answer first: should the action fail, the test says how, not only that no toast came.
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/contact/bulk')),
      confirm.getByRole('button', { name: 'Mark Processed' }).click(),
    ]);
    expect(`${answer.status()} ${await answer.text()}`).toBe('200 {"count":2}');
    await page.getByText('2 submissions marked as processed').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /Ann Bulk/ })
          .getByRole('button', { name: 'Mark Processed' })
          .count(),
      )
      .toBe(0);
    expect(
      await page
        .getByRole('row', { name: /Cy Bulk/ })
        .getByRole('button', { name: 'Mark Processed' })
        .count(),
    ).toBe(1);
    const events = await app
      .db('events')
      .where({ type: 'ContactMarkedProcessed' })
      .pluck('stream_id');
    expect(events.sort()).toEqual([`contact:${ids[0]}`, `contact:${ids[1]}`].sort());
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
