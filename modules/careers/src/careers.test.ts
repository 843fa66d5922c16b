import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestResponse } from '../../../tests/harness.ts';
import {
  APPLICANT,
  applicationForm,
  apply,
  createCategory,
  createJob,
  DOC,
  JOB_DESCRIPTION,
  PDF,
  PNG,
} from './test-fixtures.ts';

let app: TestApp;
let token: string;
let categoryId: string;
let openJob: string;

beforeAll(async () => {
  app = await startTestApp();
  token = await app.login();
  categoryId = await createCategory(app, token);
  openJob = await createJob(app, token, categoryId);
});
afterAll(() => app.close());

const count = async (table: string) =>
  Number((await app.db(table).count<{ count: number }[]>('* as count'))[0]!.count);
const resumesDir = () => path.join(app.config.privateDir, 'resumes');
const storedFiles = () => (existsSync(resumesDir()) ? readdirSync(resumesDir()) : []);
const tempLeftovers = () => {
  const dir = path.join(app.config.privateDir, 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
};

/** Runs a refused request and proves that nothing of it stayed: no row, no file, no event. */
async function refused(request: () => Promise<TestResponse>) {
  const before = {
    rows: await count('job_applications'),
    events: await count('events'),
    files: storedFiles().length,
  };
  const res = await request();
  expect(await count('job_applications')).toBe(before.rows);
  expect(await count('events')).toBe(before.events);
  expect(storedFiles().length).toBe(before.files);
  expect(tempLeftovers()).toEqual([]);
  return res;
}

describe('job categories', () => {
  it('a name needs 2 characters', async () => {
    const res = await app.fetch('/api/job-categories', {
      method: 'POST',
      token,
      json: { name: 'A' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([
      { path: 'name', message: 'Name must be at least 2 characters' },
    ]);
  });

  it('visitors see the active categories; the administrator all of them', async () => {
    const hidden = await createCategory(app, token, 'Operations');
    await app.fetch(`/api/job-categories/${hidden}`, {
      method: 'PUT',
      token,
      json: { name: 'Operations', isActive: false },
    });
    const visitor = (await (await app.fetch('/api/job-categories')).json()) as { id: string }[];
    expect(visitor.map((c) => c.id)).toContain(categoryId);
    expect(visitor.map((c) => c.id)).not.toContain(hidden);
    const admin = (await (await app.fetch('/api/job-categories', { token })).json()) as {
      id: string;
      isActive: boolean;
    }[];
    expect(admin.find((c) => c.id === hidden)?.isActive).toBe(false);
  });

  it('an unknown id is a 404', async () => {
    const res = await app.fetch('/api/job-categories/00000000-0000-4000-8000-000000000000', {
      method: 'PUT',
      token,
      json: { name: 'Nothing' },
    });
    expect(res.status).toBe(404);
    expect((await app.fetch('/api/job-categories/nope', { method: 'DELETE', token })).status).toBe(
      404,
    );
  });

  it('deleting a category leaves its jobs uncategorised', async () => {
    const doomed = await createCategory(app, token, 'Short-lived');
    const jobId = await createJob(app, token, doomed, { title: 'Temporary Analyst' });
    expect(
      (await app.fetch(`/api/job-categories/${doomed}`, { method: 'DELETE', token })).status,
    ).toBe(200);
    const jobs = (await (await app.fetch('/api/jobs', { token })).json()) as {
      id: string;
      categoryId: string | null;
    }[];
    expect(jobs.find((j) => j.id === jobId)?.categoryId).toBeNull();
  });
});

describe('jobs', () => {
  it('the job form rules give the spec messages', async () => {
    const res = await app.fetch('/api/jobs', {
      method: 'POST',
      token,
      json: { title: 'X', description: 'Too short', categoryId: '' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([
      { path: 'title', message: 'Title must be at least 2 characters' },
      { path: 'description', message: 'Description must be at least 50 characters' },
      { path: 'categoryId', message: 'Please select a category' },
    ]);
    const unknownCategory = await app.fetch('/api/jobs', {
      method: 'POST',
      token,
      json: {
        title: 'Analyst',
        description: JOB_DESCRIPTION,
        categoryId: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(unknownCategory.status).toBe(400);
    expect((await unknownCategory.json()).errors).toEqual([
      { path: 'categoryId', message: 'Please select a category' },
    ]);
  });

  it('defaults: full-time, mid, a draft, active; markdown becomes HTML', async () => {
    const id = await createJob(app, token, categoryId, {
      title: 'Data Engineer',
      description: `${JOB_DESCRIPTION}\n\n**Hybrid** work`,
      isPublished: undefined,
      salaryRange: undefined,
    });
    const jobs = (await (await app.fetch('/api/jobs', { token })).json()) as Record<
      string,
      unknown
    >[];
    expect(jobs.find((j) => j.id === id)).toMatchObject({
      employmentType: 'full-time',
      experienceLevel: 'mid',
      isPublished: false,
      isActive: true,
      salaryRange: '',
      description: `<p>${JOB_DESCRIPTION}</p>\n<p><strong>Hybrid</strong> work</p>`,
    });
  });

  it('drafts and inactive jobs are hidden from the public, even when asking for them', async () => {
    const draft = await createJob(app, token, categoryId, {
      title: 'Draft Role',
      isPublished: false,
    });
    const inactive = await createJob(app, token, categoryId, {
      title: 'Filled Role',
      isActive: false,
    });
    for (const url of ['/api/jobs?published=true', '/api/jobs', '/api/jobs?published=false']) {
      const ids = ((await (await app.fetch(url)).json()) as { id: string }[]).map((j) => j.id);
      expect(ids).toContain(openJob);
      expect(ids).not.toContain(draft);
      expect(ids).not.toContain(inactive);
    }
    const admin = (
      (await (await app.fetch('/api/jobs', { token })).json()) as { id: string }[]
    ).map((j) => j.id);
    expect(admin).toEqual(expect.arrayContaining([openJob, draft, inactive]));
    const adminPublished = (
      (await (await app.fetch('/api/jobs?published=true', { token })).json()) as { id: string }[]
    ).map((j) => j.id);
    expect(adminPublished).toContain(inactive);
    expect(adminPublished).not.toContain(draft);
  });

  it('publishing, unpublishing and deactivating are events of their own', async () => {
    const id = await createJob(app, token, categoryId, {
      title: 'Toggle Role',
      isPublished: false,
    });
    const put = (extra: Record<string, unknown>) =>
      app.fetch(`/api/jobs/${id}`, {
        method: 'PUT',
        token,
        json: {
          title: 'Toggle Role',
          description: JOB_DESCRIPTION,
          categoryId,
          location: 'Cambridge, ON',
          salaryRange: '$90,000 - $120,000',
          ...extra,
        },
      });
    expect((await put({ isPublished: true })).status).toBe(200);
    expect((await put({ isPublished: true, isActive: false })).status).toBe(200);
    expect((await put({ isPublished: false, isActive: true, title: 'Renamed' })).status).toBe(200);
    const types = (
      await app
        .db('events')
        .where({ stream_id: `job:${id}` })
        .orderBy('version')
    ).map((e) => e.type);
    expect(types).toEqual([
      'JobCreated',
      'JobSlugAssigned',
      'JobPublished',
      'JobDeactivated',
      'JobUpdated',
      'JobUnpublished',
      'JobActivated',
    ]);
  });

  it('sitemap entries list each job a visitor can apply to', async () => {
    const { careersModule } = await import('./index.ts');
    const entries = await careersModule.sitemap!(app.db);
    const slug = (await app.db('jobs').where({ id: openJob }).first('slug')).slug;
    expect(entries.map((e) => e.path)).toContain(`/careers/${slug}`);
    const visible = ((await (await app.fetch('/api/jobs')).json()) as unknown[]).length;
    expect(entries).toHaveLength(visible);
  });
});

describe('POST /api/jobs/{jobId}/apply', () => {
  it('stores the application with its résumé under the private folder, under a random name', async () => {
    const res = await apply(app, openJob);
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const row = await app.db('job_applications').where({ id }).first();
    expect(row).toMatchObject({
      job_id: openJob,
      job_title: 'Machine Learning Engineer',
      first_name: 'Ada',
      email: 'ada@example.ca',
      phone: '519-555-0100',
      status: 'new',
      resume_original_name: 'ada-cv.pdf',
      resume_mime_type: 'application/pdf',
    });
    expect(row.resume_filename).toMatch(/^[a-f0-9]{32}\.pdf$/);
    expect(existsSync(path.join(resumesDir(), row.resume_filename))).toBe(true);
    // A person's whole history: readable by this process's user alone.
    expect(statSync(path.join(resumesDir(), row.resume_filename)).mode & 0o777).toBe(0o600);
    expect(statSync(resumesDir()).mode & 0o777).toBe(0o700);
    expect(statSync(app.config.privateDir).mode & 0o777).toBe(0o700);
    // Outside every public folder.
    expect(resumesDir().startsWith(app.config.uploadsDir)).toBe(false);
    expect(tempLeftovers()).toEqual([]);
  });

  it('takes a Word 97-2003 .doc by its content', async () => {
    const res = await apply(
      app,
      openJob,
      applicationForm(APPLICANT, { name: 'cv.doc', bytes: DOC, type: 'application/msword' }),
    );
    expect(res.status).toBe(201);
  });

  it.each([
    ['firstName', 'A', 'First name must be at least 2 characters'],
    ['lastName', 'L', 'Last name must be at least 2 characters'],
    ['firstName', 'Mallory\nEmail: boss@example.ca', 'First name must be on one line'],
    ['lastName', 'Tester\r\nPhone: 1', 'Last name must be on one line'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['phone', '555-0100', 'Please enter a valid phone number'],
  ])('%s %j is refused: %s', async (field, value, message) => {
    const res = await refused(() =>
      apply(app, openJob, applicationForm({ ...APPLICANT, [field]: value })),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([{ path: field, message }]);
  });

  it('the cover letter is optional', async () => {
    const { coverLetter: _, ...rest } = APPLICANT;
    expect((await apply(app, openJob, applicationForm(rest))).status).toBe(201);
  });

  it('a missing résumé is a 400: Please upload your resume', async () => {
    const res = await refused(() => apply(app, openJob, applicationForm(APPLICANT, null)));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([
      { path: 'resume', message: 'Please upload your resume' },
    ]);
  });

  it('a résumé that is not a PDF or Word document by content is a 415, whatever its name', async () => {
    const png = await refused(() =>
      apply(app, openJob, applicationForm(APPLICANT, { name: 'cv.pdf', bytes: PNG })),
    );
    expect(png.status).toBe(415);
    expect((await png.json()).message).toBe(
      'Your resume must be a PDF or Word document (.pdf, .doc or .docx)',
    );
    const text = await refused(() =>
      apply(
        app,
        openJob,
        applicationForm(APPLICANT, { name: 'cv.docx', bytes: Buffer.from('hello') }),
      ),
    );
    expect(text.status).toBe(415);
    const spreadsheet = await refused(() =>
      apply(app, openJob, applicationForm(APPLICANT, { name: 'cv.xls', bytes: DOC })),
    );
    expect(spreadsheet.status).toBe(415);
  });

  it('a résumé over 10 MB is a 413; exactly 10 MB is taken', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    PDF.copy(big);
    const res = await refused(() =>
      apply(app, openJob, applicationForm(APPLICANT, { name: 'cv.pdf', bytes: big })),
    );
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('Your resume must be at most 10 MB');
    const limit = Buffer.alloc(10 * 1024 * 1024, 0x20);
    PDF.copy(limit);
    expect(
      (await apply(app, openJob, applicationForm(APPLICANT, { name: 'cv.pdf', bytes: limit })))
        .status,
    ).toBe(201);
  });

  it('a request declaring more than a résumé and its fields can hold is refused before it is read', async () => {
    const huge = Buffer.alloc(11 * 1024 * 1024, 0x20);
    PDF.copy(huge);
    const res = await refused(() =>
      apply(app, openJob, applicationForm(APPLICANT, { name: 'cv.pdf', bytes: huge })),
    );
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('Your resume must be at most 10 MB');
  });

  it('an unknown or unpublished job is a 404, an inactive one a 409, and nothing is stored', async () => {
    const draft = await createJob(app, token, categoryId, { title: 'Hidden', isPublished: false });
    const closed = await createJob(app, token, categoryId, { title: 'Closed', isActive: false });
    const unknown = await refused(() => apply(app, '00000000-0000-4000-8000-000000000000'));
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe('Job not found');
    expect((await refused(() => apply(app, 'not-a-uuid'))).status).toBe(404);
    expect((await refused(() => apply(app, draft))).status).toBe(404);
    const inactive = await refused(() => apply(app, closed));
    expect(inactive.status).toBe(409);
    expect((await inactive.json()).message).toBe(
      'This position is no longer accepting applications',
    );
  });

  it('a JSON body instead of a form is a 400', async () => {
    const res = await refused(() =>
      app.fetch(`/api/jobs/${openJob}/apply`, {
        method: 'POST',
        json: APPLICANT,
        headers: { 'x-forwarded-for': '198.51.100.7' },
      }),
    );
    expect(res.status).toBe(400);
  });

  it('one address may send 10 applications an hour', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 10; i++)
      expect((await apply(app, openJob, applicationForm(APPLICANT, null), ip)).status).toBe(400);
    const res = await apply(app, openJob, applicationForm(), ip);
    expect(res.status).toBe(429);
  });
});

describe('applications in the back office', () => {
  let applicationId: string;
  let resumeFilename: string;
  beforeAll(async () => {
    const res = await apply(app, openJob);
    applicationId = (await res.json()).id;
    resumeFilename = (await app.db('job_applications').where({ id: applicationId }).first())
      .resume_filename;
  });

  it('lists applications with the job title and whether the rejection e-mail went out', async () => {
    const list = (await (await app.fetch('/api/job-applications', { token })).json()) as Record<
      string,
      unknown
    >[];
    expect(list.find((a) => a.id === applicationId)).toMatchObject({
      jobId: openJob,
      jobTitle: 'Machine Learning Engineer',
      status: 'new',
      resumeFilename,
      rejectionEmailSentAt: null,
    });
  });

  it('a status outside the five values is a 400; an unknown id a 404', async () => {
    const bad = await app.fetch(`/api/job-applications/${applicationId}/status`, {
      method: 'PUT',
      token,
      json: { status: 'ghosted' },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].path).toBe('status');
    const unknown = await app.fetch(
      '/api/job-applications/00000000-0000-4000-8000-000000000000/status',
      { method: 'PUT', token, json: { status: 'reviewing' } },
    );
    expect(unknown.status).toBe(404);
  });

  it('each status change is an event; rejecting is ApplicationRejected and queues the e-mail job', async () => {
    for (const status of ['reviewing', 'interview', 'rejected'] as const) {
      const res = await app.fetch(`/api/job-applications/${applicationId}/status`, {
        method: 'PUT',
        token,
        json: { status },
      });
      expect(res.status).toBe(200);
      expect((await res.json()).status).toBe(status);
    }
    const types = (
      await app
        .db('events')
        .where({ stream_id: `job-application:${applicationId}` })
        .orderBy('version')
    ).map((e) => e.type);
    expect(types).toEqual([
      'ApplicationSubmitted',
      'ApplicationStatusChanged',
      'ApplicationStatusChanged',
      'ApplicationRejected',
    ]);
    const jobs = await app.db
      .withSchema('pgboss')
      .from('job')
      .where({ name: 'careers.rejection-email' });
    expect(jobs).toHaveLength(1);
  });

  it('the résumé: 404 without a session; a PDF opens inline, sandboxed, for the administrator (bearer or cookie)', async () => {
    const url = `/uploads/${resumeFilename}`;
    const anonymous = await app.fetch(url);
    expect(anonymous.status).toBe(404);
    expect(await anonymous.text()).toBe('Not found');
    // An unknown name answers the same: existence is not revealed.
    const missing = await app.fetch(`/uploads/${'0'.repeat(32)}.pdf`);
    expect(missing.status).toBe(404);
    expect((await app.fetch(url, { token: 'forged.token' })).status).toBe(404);

    const bearer = await app.fetch(url, { token });
    expect(bearer.status).toBe(200);
    expect(bearer.headers.get('content-disposition')).toMatch(
      /^inline; filename="?Ada-Lovelace-resume\.pdf"?$/,
    );
    expect(bearer.headers.get('content-type')).toBe('application/pdf');
    expect(bearer.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(bearer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await bearer.arrayBuffer())).toEqual(PDF);

    const login = await app.fetch('/api/auth/login', {
      method: 'POST',
      json: { username: 'admin', password: 'correct horse battery' },
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const byCookie = await app.fetch(url, { headers: { cookie } });
    expect(byCookie.status).toBe(200);
    expect(byCookie.headers.get('content-disposition')).toMatch(/^inline/);
  });

  it('deleting an application removes it and its résumé file', async () => {
    const res = await apply(app, openJob);
    const { id } = await res.json();
    const row = await app.db('job_applications').where({ id }).first();
    const file = path.join(resumesDir(), row.resume_filename);
    expect(existsSync(file)).toBe(true);
    expect(
      (await app.fetch(`/api/job-applications/${id}`, { method: 'DELETE', token })).status,
    ).toBe(200);
    expect(await app.db('job_applications').where({ id }).first()).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    expect((await app.fetch(`/uploads/${row.resume_filename}`, { token })).status).toBe(404);
    expect(
      (await app.fetch(`/api/job-applications/${id}`, { method: 'DELETE', token })).status,
    ).toBe(404);
  });
});

describe('the read models', () => {
  it('rebuilt from the event log equal the live ones', async () => {
    const { careersModule } = await import('./index.ts');
    const { rebuildProjections } = await import('@kw/platform');
    const snapshot = async () => ({
      categories: await app.db('job_categories').orderBy('id'),
      jobs: await app.db('jobs').orderBy('id'),
      applications: await app.db('job_applications').orderBy('id'),
    });
    const live = await snapshot();
    expect(live.jobs.length).toBeGreaterThan(3);
    expect(live.applications.length).toBeGreaterThan(3);
    await rebuildProjections(app.api.runtime.store, careersModule.projections);
    expect(await snapshot()).toEqual(live);
  });
});
