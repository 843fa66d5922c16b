import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { APPLICANT, applicationForm, apply, createCategory, createJob } from './test-fixtures.ts';

let app: TestApp;
let openJob: string;

beforeAll(async () => {
  app = await startTestApp();
  const token = await app.login();
  openJob = await createJob(app, token, await createCategory(app, token));
});
afterAll(() => app.close());

describe('POST /api/jobs/{jobId}/apply with fields beside the spec’s', () => {
  it('takes the apply form’s startedAt (and any unknown field) without refusing the application', async () => {
    // Given the apply dialog now sends when it was opened, and a field no version knows
    const form = applicationForm({
      ...APPLICANT,
      startedAt: new Date(Date.now() - 60_000).toISOString(),
      somethingElse: 'ignored',
    });
    // When the visitor applies
    const res = await apply(app, openJob, form);
    // Then the application is stored as before
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const row = await app.db('job_applications').where({ id }).first();
    expect(row).toMatchObject({ first_name: 'Ada', email: 'ada@example.ca', status: 'new' });
  });
});
