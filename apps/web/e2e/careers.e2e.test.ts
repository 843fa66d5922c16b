import { readFileSync } from 'node:fs';
import { eventually, startSmtpCatcher } from '@kw/platform/testing';
import type { Browser, Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createJob, PDF } from '../../../modules/careers/src/test-fixtures.ts';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import {
  gotoHydrated,
  hasFocus,
  launchChromium,
  pauseClock,
  signInToBackOffice,
} from './browser.ts';

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let app: TestApp;
let browser: Browser;
let jobId: string;
let draftId: string;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  [app, browser] = await Promise.all([
    startTestApp({ web: true, worker: true, env: { SMTP_URL: smtp.url } }),
    launchChromium(),
  ]);
  const token = await app.login();
  const categoryId = await createCategory(app, token, 'Engineering');
  jobId = await createJob(app, token, categoryId, {
    requirements: 'Python\nSQL',
    benefits: 'Learning budget',
  });
  draftId = await createJob(app, token, categoryId, {
    title: 'Secret Draft Role',
    isPublished: false,
  });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await smtp?.close();
});

describe('the careers page, server-rendered', () => {
  it("has the jobs and filters with counts in the first HTML, JobPostings only on the jobs' own pages; no draft anywhere", async () => {
    const res = await app.fetch('/careers');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Machine Learning Engineer');
    expect(html).toMatch(/All Positions(<!-- -->)? \(1\)/);
    expect(html).toContain(`id="job-${jobId}"`);
    expect(html).not.toContain('Secret Draft Role');
    expect(html).not.toContain(draftId);
    const types = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!)['@type'],
    );
    expect(types).not.toContain('JobPosting');
    expect(types).toContain('BreadcrumbList');
  });
});

describe('applying and rejecting, in Chromium', () => {
  it('a visitor applies with a PDF; the administrator views the résumé and rejects; one e-mail; the badge turns red', async () => {
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await visitor.clock.install();
    // The page's clock stands still: its timers fire only as the test moves it.
    await visitor.clock.pauseAt(Date.now() + 5_000);
    const page = await visitor.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    // The job's own link scrolls to it (150 ms on) and highlights it for 3 seconds.
    await gotoHydrated(page, `${app.url}/careers#job-${jobId}`);
    const card = page.locator(`#job-${jobId}`);
    await page.clock.runFor(150);
    await card.and(page.locator('[data-highlighted="true"]')).waitFor();
    await page.clock.runFor(2_000);
    expect(await card.getAttribute('data-highlighted')).toBe('true');
    await page.clock.runFor(1_000);
    await expect.poll(() => card.getAttribute('data-highlighted')).toBeNull();
    // Back in step with the server's clock, which times the application form, and flowing.
    await page.clock.setSystemTime(Date.now());
    await page.clock.resume();

    // Each card's buttons name their job (the visible words are the spec's).
    const title = await card.getByRole('heading', { level: 3 }).textContent();
    const named = (name: string) => card.getByRole('button', { name, exact: true });
    expect(await named(`Apply Now for ${title}`).textContent()).toBe('Apply Now');
    expect(await named(`View Details of ${title}`).textContent()).toBe('View Details');
    await card.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Machine Learning Engineer' });
    await details.waitFor();
    expect(await details.getByText('$90,000 - $120,000').isVisible()).toBe(true);
    await details.getByRole('button', { name: 'Apply Now' }).click();

    const dialog = page.getByRole('dialog', { name: 'Apply for Machine Learning Engineer' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await dialog.getByText('Please upload your resume').waitFor();
    expect(await dialog.getByText('First name must be at least 2 characters').isVisible()).toBe(
      true,
    );

    await dialog.getByLabel('First Name').fill('Ada');
    await dialog.getByLabel('Last Name').fill('Lovelace');
    await dialog.getByLabel('Email').fill('ada@example.ca');
    await dialog.getByLabel('Phone').fill('519-555-0100');
    await dialog.getByLabel('Cover Letter').fill('I would love to build models with you.');
    await dialog
      .getByLabel('Resume')
      .setInputFiles({ name: 'ada-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Application Submitted').waitFor();
    expect(
      await page.getByText("Thank you for your application. We'll be in touch soon!").isVisible(),
    ).toBe(true);
    await dialog.waitFor({ state: 'hidden' });
    expect(pageErrors).toEqual([]);
    await visitor.close();

    // The administrator.
    const office = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const downloads: Download[] = [];
    office.on('page', (p) => p.on('download', (d) => downloads.push(d)));
    const admin = await office.newPage();
    admin.on('pageerror', (error) => pageErrors.push(error.message));
    await signInToBackOffice(admin, app.url);

    await admin.goto(`${app.url}/admin/job-applications`);
    await admin.waitForURL(`${app.url}/admin/jobs#applications`);
    await admin.getByText('Showing 1 of 1 applications').waitFor();
    const row = admin.getByRole('row').filter({ hasText: 'ada@example.ca' });
    expect(await row.locator('[data-status="new"]').isVisible()).toBe(true);

    // An empty filter refuses the export; the full list exports as job_applications_{date}.csv.
    await admin.getByLabel('Status').click();
    await admin.getByTitle('Hired').click();
    await admin
      .getByText('No applications match the current filters. Try adjusting your search criteria.')
      .waitFor();
    await admin.getByRole('button', { name: 'Export CSV' }).click();
    await admin.getByText('No applications to export with current filters.').waitFor();
    await admin.getByRole('button', { name: 'Clear' }).click();
    await admin.getByRole('button', { name: 'Export CSV' }).click();
    await eventually(async () => downloads.length === 1);
    expect(downloads[0]!.suggestedFilename()).toMatch(/^job_applications_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await downloads[0]!.path())!, 'utf8');
    expect(csv).toContain('First Name,Last Name,Email,Job Title,Status,Applied Date');
    expect(csv).toContain('Ada,Lovelace,ada@example.ca,Machine Learning Engineer,new,');

    await row.getByRole('button', { name: 'View' }).click();
    const detail = admin.getByRole('dialog', { name: 'Job Application Details' });
    await detail.waitFor();
    expect(await detail.getByText('I would love to build models with you.').isVisible()).toBe(true);
    // The current status is not offered.
    expect(await detail.getByRole('button', { name: 'Mark as Reviewing' }).isVisible()).toBe(true);

    // The résumé opens in a new tab, inline and sandboxed, by the login cookie.
    const tab = office.waitForEvent('page');
    const opened = office.waitForEvent('response', (r) =>
      new URL(r.url()).pathname.startsWith('/uploads/'),
    );
    await detail.getByRole('link', { name: 'View Resume' }).click();
    const resume = await opened;
    const headers = await resume.allHeaders();
    expect(resume.status()).toBe(200);
    expect(headers['content-type']).toBe('application/pdf');
    expect(headers['content-disposition']).toMatch(
      /^inline; filename="?Ada-Lovelace-resume\.pdf"?$/,
    );
    expect(headers['content-security-policy']).toMatch(/^sandbox/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    // The bytes themselves are checked at the API (careers.test.ts): Chromium hands the page
    // to its PDF viewer.
    expect(headers['content-length']).toBe(String(PDF.length));
    await (await tab).close();

    // From the keyboard: the button for the status set leaves with the focus; the focus goes
    // to the first action left in the dialog, not to the page behind it.
    const focusedInDialog = () =>
      admin.evaluate<string>(
        `(() => {
          const focused = document.activeElement;
          return focused?.closest('[role="dialog"]') && focused.tagName === 'BUTTON'
            ? (focused.textContent ?? '')
            : 'outside: ' + focused?.tagName;
        })()`,
      );
    await detail.getByRole('button', { name: 'Mark as Reviewing' }).focus();
    await admin.keyboard.press('Enter');
    await detail.getByRole('button', { name: 'Mark as Reviewing' }).waitFor({ state: 'detached' });
    await expect.poll(focusedInDialog).toBe('Move to Interview');

    await detail.getByRole('button', { name: 'Reject' }).focus();
    await admin.keyboard.press('Enter');
    const confirm = admin.locator('.ant-modal-confirm');
    await confirm.getByText(/A rejection email will be sent/).waitFor();
    await expect
      .poll(() => admin.evaluate<string>("document.activeElement?.textContent ?? ''"))
      .toBe('Reject');
    await admin.keyboard.press('Enter');
    await admin
      .getByText('Application rejected. A rejection email has been sent to the applicant.')
      .waitFor();
    // Once rejected, 'Reject' is no longer offered.
    await detail.getByRole('button', { name: 'Reject' }).waitFor({ state: 'detached' });
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(focusedInDialog).toBe('Mark as Reviewing');

    const mail = await eventually(
      async () => smtp.mails.find((m) => /^Your application for/.test(m.headers.subject ?? '')),
      15_000,
    );
    expect(mail.to).toEqual(['ada@example.ca']);
    expect(mail.headers.subject).toBe(
      'Your application for Machine Learning Engineer at Grand River Digital',
    );
    await detail.getByText(/^Rejection email sent on/).waitFor({ timeout: 15_000 });
    await detail.getByRole('button', { name: 'Close' }).click();

    const badge = row.locator('[data-status="rejected"]');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('Rejected');
    expect(await badge.getAttribute('class')).toMatch(/red/);
    const colour = await badge.evaluate(
      (el) => el.ownerDocument.defaultView?.getComputedStyle(el).color ?? '',
    );
    const [r, g, b] = colour.match(/\d+/g)!.map(Number);
    expect(r).toBeGreaterThan(g! + 60);
    expect(r).toBeGreaterThan(b! + 60);

    expect(
      smtp.mails.filter((m) => /^Your application for/.test(m.headers.subject ?? '')),
    ).toHaveLength(1);
    expect(pageErrors).toEqual([]);
    await office.close();
  });
});

describe('sharing and empty states on the careers page, in Chromium', () => {
  it('Share Job copies the link with #job-{id} and says so for 2 seconds; an empty category shows No Open Positions', async () => {
    const token = await app.login();
    await createCategory(app, token, 'Design');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await context.clock.install();
    const page = await context.newPage();
    await gotoHydrated(page, `${app.url}/careers`);
    await page.getByRole('button', { name: 'Design (0)' }).click();
    await page.getByText('No Open Positions').waitFor();
    await page.getByRole('button', { name: /^All Positions/ }).click();

    await page.locator(`#job-${jobId}`).getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Machine Learning Engineer' });
    await pauseClock(page);
    await details.getByRole('button', { name: 'Share Job' }).click();
    await page.getByText('Link copied!').waitFor();
    await details.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(
      await page.evaluate(() =>
        (
          navigator as unknown as { clipboard: { readText(): Promise<string> } }
        ).clipboard.readText(),
      ),
    ).toBe(`${app.url}/careers#job-${jobId}`);
    // 'Copied!' for 2 seconds by the page's clock, then the button is back.
    await page.clock.runFor(1_500);
    expect(await details.getByRole('button', { name: 'Copied!' }).isVisible()).toBe(true);
    await page.clock.runFor(500);
    await details.getByRole('button', { name: 'Share Job' }).waitFor();
    await context.close();
  });
});

describe("a job's own page, in Chromium", () => {
  it('hydrates without errors; Apply Now opens the form; Share Job copies the page address; the dialog on /careers links to it', async () => {
    const slug = (await app.db('jobs').where({ id: jobId }).first('slug')).slug as string;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    await page.goto(`${app.url}/careers/${slug}`, { waitUntil: 'networkidle' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('heading', { level: 1, name: 'Machine Learning Engineer' }).waitFor();
    await page.getByRole('button', { name: 'Share Job' }).click();
    await page.getByText('Link copied!').waitFor();
    expect(
      await page.evaluate(() =>
        (
          navigator as unknown as { clipboard: { readText(): Promise<string> } }
        ).clipboard.readText(),
      ),
    ).toBe(`${app.url}/careers/${slug}`);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply for Machine Learning Engineer' });
    await dialog.getByLabel('First Name').waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${app.url}/careers`, { waitUntil: 'networkidle' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.locator(`#job-${jobId}`).getByRole('button', { name: 'View Details' }).click();
    await page
      .getByRole('dialog', { name: 'Machine Learning Engineer' })
      .getByRole('link', { name: "Open the job's page" })
      .click();
    await page.waitForURL(`${app.url}/careers/${slug}`);
    await page.getByRole('heading', { level: 1, name: 'Machine Learning Engineer' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the apply dialog, in Chromium', () => {
  it('fits a phone; a text selection dragged out of it does not close it; what was typed is still there when it opens again', async () => {
    const slug = (await app.db('jobs').where({ id: jobId }).first('slug')).slug as string;
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const small = await phone.newPage();
    await gotoHydrated(small, `${app.url}/careers/${slug}`);
    await small.getByRole('button', { name: 'Apply Now' }).click();
    const narrow = small.getByRole('dialog', { name: 'Apply for Machine Learning Engineer' });
    await narrow.getByRole('button', { name: 'Submit Application' }).waitFor();
    const box = (await narrow.boundingBox())!;
    for (const part of [
      narrow.getByRole('button', { name: 'Submit Application' }),
      narrow.getByLabel('Resume'),
      narrow.getByLabel('Cover Letter'),
    ]) {
      const inner = (await part.boundingBox())!;
      expect(inner.x + inner.width).toBeLessThanOrEqual(box.x + box.width);
    }
    expect(await narrow.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    await phone.close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await gotoHydrated(page, `${app.url}/careers/${slug}`);
    const dialog = page.getByRole('dialog', { name: 'Apply for Machine Learning Engineer' });
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await dialog.getByLabel('First Name').fill('Ada');
    const letter = dialog.getByLabel('Cover Letter');
    await letter.fill('Models that a machine shop can trust.');
    await dialog
      .getByLabel('Resume')
      .setInputFiles({ name: 'ada-cv.pdf', mimeType: 'application/pdf', buffer: PDF });

    // Text selected in the letter, the button released beside the dialog: it stays open.
    const at = (await letter.boundingBox())!;
    await page.mouse.move(at.x + at.width - 5, at.y + 10);
    await page.mouse.down();
    await page.mouse.move(5, 5, { steps: 5 });
    await page.mouse.up();
    expect(await dialog.isVisible()).toBe(true);

    // Closed by Escape, opened again: the draft is there, the résumé chosen too.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Apply Now' }).click();
    expect(await dialog.getByLabel('First Name').inputValue()).toBe('Ada');
    expect(await letter.inputValue()).toBe('Models that a machine shop can trust.');
    expect(
      await dialog
        .getByLabel('Resume')
        .evaluate((el) => (el as unknown as { files: { name: string }[] }).files[0]?.name),
    ).toBe('ada-cv.pdf');

    // A click on the backdrop itself still closes it.
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('the Job Manager, in Chromium', () => {
  it('categories and jobs are made in their dialogs with the spec rules; tabs follow the URL hash', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInToBackOffice(page, app.url);
    await page.goto(`${app.url}/admin/jobs#categories`);
    await page.getByRole('tab', { name: /^Categories \(\d+\)$/, selected: true }).waitFor();

    // A category: name of at least 2 characters, active by default.
    await page.getByRole('button', { name: 'Add Category' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'Add Category' });
    await categoryDialog.getByLabel('Name').fill('Q');
    await categoryDialog.getByRole('button', { name: 'Create Category' }).click();
    await categoryDialog.getByText('Name must be at least 2 characters').waitFor();
    await expect.poll(() => hasFocus(categoryDialog.getByLabel('Name'))).toBe(true);
    expect(await categoryDialog.getByRole('switch').isChecked()).toBe(true);
    await categoryDialog.getByLabel('Name').fill('Quality Assurance');
    await categoryDialog.getByRole('button', { name: 'Create Category' }).click();
    await page.getByText('Job Category Created').waitFor();
    await page.getByText('Quality Assurance').waitFor();

    // A job: the three rules, the defaults, the toolbar and the live preview.
    await page.getByRole('tab', { name: /^Jobs/ }).click();
    await page.waitForURL(`${app.url}/admin/jobs`);
    await page.getByRole('button', { name: 'Add Job' }).click();
    const jobDialog = page.getByRole('dialog', { name: 'Add Job' });
    await jobDialog.getByRole('button', { name: 'Create Job' }).click();
    await jobDialog.getByText('Title must be at least 2 characters').waitFor();
    await expect.poll(() => hasFocus(jobDialog.getByLabel('Title', { exact: true }))).toBe(true);
    expect(
      await jobDialog.getByText('Description must be at least 50 characters').isVisible(),
    ).toBe(true);
    expect(await jobDialog.getByText('Please select a category').isVisible()).toBe(true);
    expect(await jobDialog.getByText('Full-time').isVisible()).toBe(true);
    expect(await jobDialog.getByText('Mid level').isVisible()).toBe(true);
    const [published, active] = await jobDialog.getByRole('switch').all();
    expect(await published!.isChecked()).toBe(false);
    expect(await active!.isChecked()).toBe(true);

    await jobDialog.getByLabel('Title').fill('QA Automation Specialist');
    await jobDialog.getByLabel('Category').click();
    await page.getByTitle('Quality Assurance').click();
    const description = jobDialog.getByLabel('Description');
    await description.fill('Test the systems we build for clients across the region.\nEvery week.');
    // A message goes as soon as its field is right, not at the next submit.
    await jobDialog
      .getByText('Description must be at least 50 characters')
      .waitFor({ state: 'detached' });
    expect(await jobDialog.getByText('Title must be at least 2 characters').count()).toBe(0);
    await description.press('Control+a');
    await jobDialog.getByRole('button', { name: 'Bold' }).click();
    const preview = jobDialog.getByRole('region', { name: 'Preview' });
    await preview.locator('strong').waitFor();
    expect(await preview.locator('br').count()).toBeGreaterThan(0);
    await published!.click();
    await jobDialog.getByRole('button', { name: 'Create Job' }).click();
    await page.getByText('Job Created').waitFor();
    const card = page.locator('.ant-card').filter({ hasText: 'QA Automation Specialist' });
    await card.waitFor();
    expect(await card.getByText('Published').isVisible()).toBe(true);
    expect(await card.getByText('Competitive').isVisible()).toBe(true);

    // Search by location; delete without a confirmation.
    await page.getByLabel('Search jobs').fill('nowhere-town');
    await page.getByText('No jobs found').waitFor();
    await page.getByLabel('Search jobs').fill('');
    await card.getByRole('button', { name: 'Actions for QA Automation Specialist' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByText('Job Deleted').waitFor();
    await card.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
