import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import {
  APPLICANT,
  applicationForm,
  apply,
  createCategory,
  createJob,
  DOC,
} from './test-fixtures.ts';

let app: TestApp;
let token: string;
let jobId: string;
beforeAll(async () => {
  app = await startTestApp();
  token = await app.login();
  jobId = await createJob(app, token, await createCategory(app, token));
});
afterAll(async () => {
  await app?.close();
});

let n = 0;
async function application(form = applicationForm({ ...APPLICANT, email: `a${++n}@example.ca` })) {
  const res = await apply(app, jobId, form);
  expect(res.status).toBe(201);
  return (await res.json()).id as string;
}

const bulk = (json: unknown) =>
  app.fetch('/api/job-applications/bulk', { method: 'POST', token, json });
const adminTypes = (ids: string[]) =>
  app
    .db('events')
    .whereIn(
      'stream_id',
      ids.map((id) => `job-application:${id}`),
    )
    .whereRaw("metadata->>'actor' like 'admin:%'")
    .orderBy('position')
    .pluck('type');
const resumeOf = async (id: string) =>
  (await app.db('job_applications').where({ id }).first()).resume_filename as string;

describe('bulk actions on job applications', () => {
  it('changes status of several (a rejection each its own event and e-mail job), marks spam, deletes with their files', async () => {
    const ids = [await application(), await application()];
    const review = await bulk({ action: 'setStatus', status: 'reviewing', ids });
    expect(review.status).toBe(200);
    expect(await review.json()).toEqual({ count: 2 });
    expect((await bulk({ action: 'setStatus', status: 'rejected', ids })).status).toBe(200);
    const emails = await app.db
      .withSchema('pgboss')
      .from('job')
      .where({ name: 'careers.rejection-email' });
    expect(emails).toHaveLength(2);
    expect((await bulk({ action: 'markSpam', ids })).status).toBe(200);
    const files = await Promise.all(ids.map(resumeOf));
    const stored = (name: string) => path.join(app.config.privateDir, 'resumes', name);
    expect(files.every((f) => existsSync(stored(f)))).toBe(true);
    expect((await bulk({ action: 'delete', ids })).status).toBe(200);
    expect(await app.db('job_applications').whereIn('id', ids)).toEqual([]);
    expect(files.some((f) => existsSync(stored(f)))).toBe(false);
    expect(await adminTypes(ids)).toEqual([
      'ApplicationStatusChanged',
      'ApplicationStatusChanged',
      'ApplicationRejected',
      'ApplicationRejected',
      'ApplicationMarkedSpam',
      'ApplicationMarkedSpam',
      'ApplicationDeleted',
      'ApplicationDeleted',
    ]);
  });

  it('an unknown id refuses the batch, names it, and changes nothing (no e-mail job either)', async () => {
    const known = await application();
    const unknown = '00000000-0000-4000-8000-000000000003';
    const res = await bulk({ action: 'setStatus', status: 'rejected', ids: [known, unknown] });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe(
      `No such applications: ${unknown}. Nothing was changed.`,
    );
    expect(await adminTypes([known])).toEqual([]);
    const bad = await bulk({ action: 'setStatus', status: 'archived', ids: [known] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/^status: Status must be one of new, reviewing/);
  });

  it('a Word résumé still downloads', async () => {
    const id = await application(
      applicationForm(
        { ...APPLICANT, email: 'word@example.ca' },
        { name: 'cv.doc', bytes: DOC, type: 'application/msword' },
      ),
    );
    const res = await app.fetch(`/uploads/${await resumeOf(id)}`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?Ada-Lovelace-resume\.doc"?$/,
    );
  });
});
