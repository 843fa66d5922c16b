import { SPAM_REASONS } from '@kw/platform/http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICANT,
  applicationForm,
  apply,
  createCategory,
  createJob,
} from '../../../modules/careers/src/test-fixtures.ts';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { launchChromium, signInToBackOffice } from './browser.ts';

// Issue 6: the Job Manager shows the intake's spam verdict and lets the administrator reverse it.
// Issue 11: one sent only too fast is held for review: the dashboard links to it, Release frees it.

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true }), launchChromium()]);
  const token = await app.login();
  const jobId = await createJob(app, token, await createCategory(app, token));
  const links = [1, 2, 3, 4].map((n) => `https://pills-${n}.example`).join(' ');
  for (const fields of [
    { ...APPLICANT, email: 'spammer@example.ca', lastName: 'Spammer', coverLetter: links },
    { ...APPLICANT, email: 'ada@example.ca' },
  ]) {
    const res = await apply(app, jobId, applicationForm(fields));
    if (res.status !== 201) throw new Error(`apply: ${res.status}`);
  }
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('the Job Manager and spam', () => {
  it('a flagged row shows SPAM, the details say why; Not Spam reverses it and Mark as Spam flags it again', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInToBackOffice(page, app.url);
    await page.goto(`${app.url}/admin/jobs#applications`);
    await page.getByText('Showing 2 of 2 applications').waitFor();

    const spamRow = page.getByRole('row').filter({ hasText: 'spammer@example.ca' });
    const cleanRow = page.getByRole('row').filter({ hasText: 'ada@example.ca' });
    expect(await spamRow.getByText('SPAM', { exact: true }).isVisible()).toBe(true);
    expect(await cleanRow.getByText('SPAM', { exact: true }).count()).toBe(0);

    await spamRow.getByRole('button', { name: 'View' }).click();
    const detail = page.getByRole('dialog', { name: 'Job Application Details' });
    await detail.getByText('Flagged as spam').waitFor();
    expect(await detail.getByText(SPAM_REASONS.links, { exact: false }).isVisible()).toBe(true);

    await detail.getByRole('button', { name: 'Not Spam' }).click();
    await page.getByText('Application unmarked as spam').waitFor();
    await detail.getByRole('button', { name: 'Mark as Spam' }).waitFor();
    expect(await detail.getByText('Flagged as spam').count()).toBe(0);
    expect(
      await app.db('job_applications').where({ email: 'spammer@example.ca' }).first(),
    ).toMatchObject({
      is_spam: false,
      spam_reason: null,
    });

    await detail.getByRole('button', { name: 'Mark as Spam' }).click();
    await page.getByText('Application marked as spam').waitFor();
    await detail.getByText('Marked as spam by an administrator', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await spamRow.getByText('SPAM', { exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('one sent too fast: the dashboard says "1 held for review", its link lists only it, tagged; Release frees it and the line goes', async () => {
    const token = await app.login();
    const [job] = await (await app.fetch('/api/jobs', { token })).json();
    const fast = applicationForm({
      ...APPLICANT,
      email: 'autofill@example.ca',
      lastName: 'Autofill',
      startedAt: new Date(Date.now() - 500).toISOString(),
    });
    expect((await apply(app, job.id, fast)).status).toBe(201);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInToBackOffice(page, app.url);

    const line = page.getByTestId('applications-held-for-review');
    await line.waitFor();
    expect(await line.textContent()).toBe('1 held for review');
    await line.click();
    await page.getByText('Showing 1 of 3 applications').waitFor();
    expect(new URL(page.url()).search).toBe('?spam=held');
    const row = page.getByRole('row').filter({ hasText: 'autofill@example.ca' });
    await row.getByText('HELD FOR REVIEW').waitFor();
    expect(await row.getByText('SPAM', { exact: true }).count()).toBe(0);

    await row.getByRole('button', { name: 'Release' }).click();
    await page.getByText('Application released').first().waitFor();
    await page.getByText('Showing 0 of 3 applications').waitFor();
    expect(
      await app.db('job_applications').where({ email: 'autofill@example.ca' }).first(),
    ).toMatchObject({ held: false, held_reason: null, is_spam: false });

    // The other filters narrow the same list, and Clear lifts them all (the link's one too).
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('Showing 3 of 3 applications').waitFor();
    const choose = async (label: string, option: string) => {
      await page.getByLabel(label, { exact: true }).click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', {
          hasText: new RegExp(`^${option}$`),
        })
        .click();
    };
    await choose('Status', 'Rejected');
    await page.getByText('Showing 0 of 3 applications').waitFor();
    await choose('Status', 'New');
    await page.getByText('Showing 3 of 3 applications').waitFor();
    await choose('Spam', 'Spam');
    await page.getByText('Showing 1 of 3 applications').waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('Showing 3 of 3 applications').waitFor();

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('3 new').waitFor();
    expect(await page.getByTestId('applications-held-for-review').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
