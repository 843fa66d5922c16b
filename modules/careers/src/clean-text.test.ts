import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { applicationForm, apply, createCategory, createJob, PDF } from './test-fixtures.ts';

// Stored text is clean at the edge: a job's rich texts are sanitised as its description is, the
// editor's preview is the server's sanitised HTML, and a résumé's file name is a display name.

let app: TestApp;
let token: string;
let categoryId: string;
beforeAll(async () => {
  app = await startTestApp();
  token = await app.login();
  categoryId = await createCategory(app, token);
});
afterAll(() => app.close());

const UNSAFE = /<script|onerror|onclick|javascript:|<iframe|<img/i;

describe("a job's requirements, responsibilities and benefits", () => {
  it('a script, an event handler or a javascript: link in any of them is never stored or served', async () => {
    const id = await createJob(app, token, categoryId, {
      title: 'Hostile Role',
      requirements: '<script>alert(document.cookie)</script>Python and SQL',
      responsibilities: '<img src=x onerror=alert(1)>Lead <b onclick="steal()">projects</b>',
      benefits: '- Learning budget\n- [Free lunch](javascript:alert(1))',
    });
    const jobs = (await (await app.fetch('/api/jobs')).json()) as Record<string, string>[];
    const job = jobs.find((j) => j.id === id)!;
    expect(job.requirements).toBe('<p>Python and SQL</p>');
    expect(job.responsibilities).toBe('Lead <b>projects</b>');
    expect(job.benefits).toBe('<ul>\n<li>Learning budget</li>\n<li><a>Free lunch</a></li>\n</ul>');
    for (const field of ['requirements', 'responsibilities', 'benefits'])
      expect(job[field]).not.toMatch(UNSAFE);
    // The event log holds the clean text too: stored clean, not only shown clean.
    const [created] = await app.db('events').where({ stream_id: `job:${id}`, type: 'JobCreated' });
    expect(JSON.stringify(created.data)).not.toMatch(UNSAFE);
  });

  it('plain text becomes HTML the same way as the description (markdown, line breaks)', async () => {
    const id = await createJob(app, token, categoryId, {
      title: 'Plain Role',
      requirements: 'Python\nSQL',
      responsibilities: '',
    });
    const jobs = (await (await app.fetch('/api/jobs', { token })).json()) as Record<
      string,
      string
    >[];
    expect(jobs.find((j) => j.id === id)).toMatchObject({
      requirements: '<p>Python<br />SQL</p>',
      responsibilities: '',
      benefits: '',
    });
  });

  it('saving a job again unchanged records nothing new (the stored HTML is stable)', async () => {
    const id = await createJob(app, token, categoryId, {
      title: 'Stable Role',
      requirements: 'Python\n<script>x</script>',
    });
    const [job] = (
      (await (await app.fetch('/api/jobs', { token })).json()) as Record<string, unknown>[]
    ).filter((j) => j.id === id);
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = job!;
    const res = await app.fetch(`/api/jobs/${id}`, { method: 'PUT', token, json: fields });
    expect(res.status).toBe(200);
    expect(
      await app
        .db('events')
        .where({ stream_id: `job:${id}` })
        .pluck('type'),
    ).toEqual(['JobCreated', 'JobSlugAssigned', 'JobPublished']);
  });
});

describe('POST /api/jobs/preview (the job editor)', () => {
  it("answers the server's sanitised HTML: markdown rendered, scripts gone", async () => {
    const res = await app.fetch('/api/jobs/preview', {
      method: 'POST',
      token,
      json: { text: '# About\n\n**Hybrid** work <script>alert(1)</script>' },
    });
    expect(res.status).toBe(200);
    const { html } = await res.json();
    expect(html).toContain('<h1>About</h1>');
    expect(html).toContain('<strong>Hybrid</strong>');
    expect(html).not.toMatch(UNSAFE);
    const tagged = await app.fetch('/api/jobs/preview', {
      method: 'POST',
      token,
      json: { text: '<p onmouseover="x()">Hi</p><iframe src="https://evil.example"></iframe>' },
    });
    expect(await tagged.json()).toEqual({ html: '<p>Hi</p>' });
  });

  it('is the administrator’s only; a text that is not a string is a 400 naming it', async () => {
    expect(
      (await app.fetch('/api/jobs/preview', { method: 'POST', json: { text: 'x' } })).status,
    ).toBe(401);
    const bad = await app.fetch('/api/jobs/preview', { method: 'POST', token, json: { text: 1 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('text');
  });
});

describe("a résumé's file name", () => {
  it('../../../../tmp/owned.pdf is stored, listed and recorded as owned.pdf', async () => {
    const jobId = await createJob(app, token, categoryId, { title: 'Named Role' });
    const res = await apply(
      app,
      jobId,
      applicationForm(undefined, { name: '../../../../tmp/owned.pdf', bytes: PDF }),
    );
    expect(res.status).toBe(201);
    const { id } = await res.json();
    expect(await app.db('job_applications').where({ id }).first()).toMatchObject({
      resume_original_name: 'owned.pdf',
    });
    const listed = (await (await app.fetch('/api/job-applications', { token })).json()) as {
      id: string;
      resumeOriginalName: string;
    }[];
    expect(listed.find((a) => a.id === id)?.resumeOriginalName).toBe('owned.pdf');
    const [submitted] = await app
      .db('events')
      .where({ stream_id: `job-application:${id}`, type: 'ApplicationSubmitted' });
    expect(submitted.data.resumeOriginalName).toBe('owned.pdf');
  });

  it('control characters, a bidi override and a very long name are reduced, the extension kept', async () => {
    const jobId = await createJob(app, token, categoryId, { title: 'Long Name Role' });
    const res = await apply(
      app,
      jobId,
      applicationForm(undefined, { name: `cv\u202E\u0007${'x'.repeat(400)}.pdf`, bytes: PDF }),
    );
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const row = await app.db('job_applications').where({ id }).first();
    expect(row.resume_original_name).toMatch(/^cvx+\.pdf$/);
    expect(row.resume_original_name).toHaveLength(100);
  });
});
