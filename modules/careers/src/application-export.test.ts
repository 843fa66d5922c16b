import { dayIn } from '@kw/platform/http';
import { BUSINESS_TIME_ZONE } from '@kw/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { APPLICANT, applicationForm, apply, createCategory, createJob } from './test-fixtures.ts';

// POST /api/job-applications/export: the Job Manager's CSV, built on the server from the ids of
// the applications it shows, in the order it shows them.

let app: TestApp;
let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  token = await app.login();
  const jobId = await createJob(app, token, await createCategory(app, token));
  const people = {
    grace: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.ca' },
    alan: { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.ca' },
    evil: {
      firstName: '=HYPERLINK("http://evil.example","Click")',
      lastName: '+SUM(A1:A2)',
      email: 'evil@example.ca',
    },
  };
  for (const [key, person] of Object.entries(people)) {
    const res = await apply(app, jobId, applicationForm({ ...APPLICANT, ...person }));
    ids[key] = (await res.json()).id;
  }
});
afterAll(() => app.close());

const exportCsv = (body: unknown, withToken = true) =>
  app.fetch('/api/job-applications/export', {
    method: 'POST',
    json: body,
    ...(withToken ? { token } : {}),
  });

/** The day each application was received, in the business's time zone. */
async function appliedDays(): Promise<Record<string, string>> {
  const list = (await (await app.fetch('/api/job-applications', { token })).json()) as {
    id: string;
    appliedAt: string;
  }[];
  return Object.fromEntries(
    list.map((a) => [a.id, dayIn(BUSINESS_TIME_ZONE, new Date(a.appliedAt))]),
  );
}

describe('POST /api/job-applications/export', () => {
  it('answers the spec columns, one row per id in the order given, unknown ids skipped, formulas neutralised', async () => {
    const before = dayIn(BUSINESS_TIME_ZONE);
    const res = await exportCsv({
      ids: [ids.alan, '00000000-0000-4000-8000-000000000000', ids.evil, ids.grace],
    });
    const after = dayIn(BUSINESS_TIME_ZONE);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const fileName = res.headers.get('content-disposition');
    expect(
      [before, after].map((day) => `attachment; filename="job_applications_${day}.csv"`),
    ).toContain(fileName);
    const days = await appliedDays();
    const role = 'Machine Learning Engineer';
    // Read as bytes: a text() reader would drop the byte-order mark spreadsheets need.
    const csv = Buffer.from(await res.arrayBuffer()).toString('utf8');
    expect(csv).toBe(
      [
        '\uFEFFFirst Name,Last Name,Email,Job Title,Status,Applied Date',
        `Alan,Turing,alan@example.ca,${role},new,${days[ids.alan!]}`,
        `"'=HYPERLINK(""http://evil.example"",""Click"")",'+SUM(A1:A2),evil@example.ca,${role},new,${days[ids.evil!]}`,
        `Grace,Hopper,grace@example.ca,${role},new,${days[ids.grace!]}`,
        '',
      ].join('\n'),
    );
  });

  it('an empty or malformed list of ids is a 400 naming the field', async () => {
    const empty = await exportCsv({ ids: [] });
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors).toEqual([
      { path: 'ids', message: 'No applications to export with current filters.' },
    ]);
    const missing = await exportCsv({});
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors[0].path).toBe('ids');
    const malformed = await exportCsv({ ids: [ids.grace, 'not-an-id'] });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).errors).toEqual([
      { path: 'ids.1', message: 'Each id must be a job application id' },
    ]);
  });

  it('only the administrator may export: 401 without a token', async () => {
    const res = await exportCsv({ ids: [ids.grace] }, false);
    expect(res.status).toBe(401);
  });
});
