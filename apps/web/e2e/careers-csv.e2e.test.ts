import type { JobApplication } from '@kw/careers/contract';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { applicationsCsv } from '../src/features/careers/admin/applicationsCsv.ts';

// The export the Job Manager builds in the browser, with the same CSV library build.

const application = (extra: Partial<JobApplication>): JobApplication => ({
  id: 'a1',
  jobId: 'j1',
  jobTitle: 'Machine Learning Engineer',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.ca',
  phone: '5195550100',
  coverLetter: '',
  resumeFilename: 'x.pdf',
  resumeOriginalName: 'cv.pdf',
  status: 'new',
  notes: '',
  appliedAt: new Date(2026, 10, 2, 9, 30).toISOString(),
  rejectionEmailSentAt: null,
  isSpam: false,
  spamReason: null,
  ...extra,
});

describe('applications CSV', () => {
  it('has the spec columns, quotes commas and quotes, and neutralises formulas', () => {
    const csv = applicationsCsv([
      application({}),
      application({
        firstName: '=HYPERLINK("http://evil.example","Click")',
        lastName: '+1+1',
        email: '@SUM(A1)',
        jobTitle: '-2, "Senior"',
        status: 'rejected',
      }),
    ]);
    const rows = parse(csv) as string[][];
    expect(rows).toEqual([
      ['First Name', 'Last Name', 'Email', 'Job Title', 'Status', 'Applied Date'],
      ['Ada', 'Lovelace', 'ada@example.ca', 'Machine Learning Engineer', 'new', '2026-11-02'],
      [
        `'=HYPERLINK("http://evil.example","Click")`,
        "'+1+1",
        "'@SUM(A1)",
        `'-2, "Senior"`,
        'rejected',
        '2026-11-02',
      ],
    ]);
    // No cell of the file starts with a formula character.
    for (const row of rows.slice(1)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
  });
});
