import { contentRevisions, EventStore } from '@kw/platform';
import { createTestDatabase, type TestDatabase } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApplicationEvent,
  applicationStream,
  type CareersEvent,
  type JobCategoryData,
  type JobContent,
  type JobEvent,
  jobCategoryStream,
  jobStream,
} from './events.ts';
import {
  CAREERS_CONTENT,
  JOB_APPLICATIONS,
  JOB_CATEGORIES,
  JOBS,
  jobApplicationsProjection,
  jobCategoriesProjection,
  jobsProjection,
} from './projection.ts';

// Given events appended through the store, then rows in the careers tables.

let tdb: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new EventStore(tdb.db, {
    projections: [jobCategoriesProjection, jobsProjection, jobApplicationsProjection],
  });
});
afterAll(() => tdb.drop());

const given = (streamId: string, ...events: CareersEvent[]) =>
  store.append(streamId, 'any', events, { metadata: { actor: 'test' } });
const row = (table: string, id: string) => tdb.db(table).where({ id }).first();

const CATEGORY = '7a0c1e52-4d0b-4f7e-9b61-0c5d3a2e0001';
const JOB = '7a0c1e52-4d0b-4f7e-9b61-0c5d3a2e0101';
const APPLICATION = '7a0c1e52-4d0b-4f7e-9b61-0c5d3a2e0201';

const category = (extra: Partial<JobCategoryData> = {}): JobCategoryData => ({
  categoryId: CATEGORY,
  name: 'Engineering',
  description: 'People who build things',
  isActive: true,
  ...extra,
});

const content = (extra: Partial<JobContent> = {}): JobContent => ({
  jobId: JOB,
  title: 'Machine Learning Engineer',
  description: '<p>Build models.</p>',
  categoryId: CATEGORY,
  location: 'Cambridge, ON',
  employmentType: 'full-time',
  salaryRange: '$90,000 - $120,000',
  experienceLevel: 'senior',
  requirements: '<p>Python</p>',
  responsibilities: '<p>Models</p>',
  benefits: '<p>Dental</p>',
  ...extra,
});

const submitted: ApplicationEvent = {
  type: 'ApplicationSubmitted',
  data: {
    applicationId: APPLICATION,
    jobId: JOB,
    jobTitle: 'Machine Learning Engineer',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.ca',
    phone: '519-555-0100',
    coverLetter: 'Hello',
    resumeFilename: `${'a'.repeat(32)}.pdf`,
    resumeOriginalName: 'cv.pdf',
    resumeMimeType: 'application/pdf',
    resumeSize: 9,
    ipAddress: '',
    userAgent: 'test',
  },
};

describe('job categories', () => {
  it('given a category created, then updated, then its row shows the latest fields', async () => {
    await given(jobCategoryStream(CATEGORY), { type: 'JobCategoryCreated', data: category() });
    expect(await row(JOB_CATEGORIES, CATEGORY)).toMatchObject({
      name: 'Engineering',
      description: 'People who build things',
      is_active: true,
      version: 1,
    });
    await given(jobCategoryStream(CATEGORY), {
      type: 'JobCategoryUpdated',
      data: category({ name: 'Software', isActive: false }),
    });
    expect(await row(JOB_CATEGORIES, CATEGORY)).toMatchObject({
      name: 'Software',
      is_active: false,
      version: 2,
    });
  });
});

describe('jobs', () => {
  it('given a job created, then it is an active draft with its content', async () => {
    await given(jobStream(JOB), { type: 'JobCreated', data: content() });
    expect(await row(JOBS, JOB)).toMatchObject({
      title: 'Machine Learning Engineer',
      description: '<p>Build models.</p>',
      category_id: CATEGORY,
      location: 'Cambridge, ON',
      employment_type: 'full-time',
      salary_range: '$90,000 - $120,000',
      experience_level: 'senior',
      requirements: '<p>Python</p>',
      responsibilities: '<p>Models</p>',
      benefits: '<p>Dental</p>',
      is_published: false,
      is_active: true,
    });
  });

  it('given it published, deactivated and updated, then the row follows each', async () => {
    const events: JobEvent[] = [
      { type: 'JobPublished', data: { jobId: JOB } },
      { type: 'JobDeactivated', data: { jobId: JOB } },
      { type: 'JobUpdated', data: content({ title: 'ML Engineer', location: 'Waterloo, ON' }) },
    ];
    await given(jobStream(JOB), ...events);
    expect(await row(JOBS, JOB)).toMatchObject({
      title: 'ML Engineer',
      location: 'Waterloo, ON',
      is_published: true,
      is_active: false,
      version: 4,
    });
    await given(
      jobStream(JOB),
      { type: 'JobUnpublished', data: { jobId: JOB } },
      { type: 'JobActivated', data: { jobId: JOB } },
    );
    expect(await row(JOBS, JOB)).toMatchObject({ is_published: false, is_active: true });
  });

  it('given its category deleted, then the job stays, uncategorised, and the category row goes', async () => {
    await given(jobCategoryStream(CATEGORY), {
      type: 'JobCategoryDeleted',
      data: { categoryId: CATEGORY },
    });
    expect(await row(JOB_CATEGORIES, CATEGORY)).toBeUndefined();
    expect(await row(JOBS, JOB)).toMatchObject({ title: 'ML Engineer', category_id: null });
  });

  it('given the job deleted, then its row is gone', async () => {
    await given(jobStream(JOB), { type: 'JobDeleted', data: { jobId: JOB } });
    expect(await row(JOBS, JOB)).toBeUndefined();
  });
});

describe('job applications', () => {
  it('given an application submitted, then it is new, with its résumé and no IP when none was known', async () => {
    await given(applicationStream(APPLICATION), submitted);
    expect(await row(JOB_APPLICATIONS, APPLICATION)).toMatchObject({
      job_id: JOB,
      job_title: 'Machine Learning Engineer',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.ca',
      phone: '519-555-0100',
      cover_letter: 'Hello',
      resume_filename: `${'a'.repeat(32)}.pdf`,
      resume_original_name: 'cv.pdf',
      resume_mime_type: 'application/pdf',
      status: 'new',
      ip_address: null,
      rejection_email_sent_at: null,
      is_spam: false,
      spam_reason: null,
    });
  });

  it('given a status change, a rejection and its e-mail, then the row shows each; a new status clears the e-mail', async () => {
    const stream = applicationStream(APPLICATION);
    await given(stream, {
      type: 'ApplicationStatusChanged',
      data: { applicationId: APPLICATION, status: 'interview', notes: 'Strong' },
    });
    expect(await row(JOB_APPLICATIONS, APPLICATION)).toMatchObject({
      status: 'interview',
      notes: 'Strong',
    });
    await given(
      stream,
      { type: 'ApplicationRejected', data: { applicationId: APPLICATION, notes: 'Filled' } },
      {
        type: 'RejectionEmailSent',
        data: { applicationId: APPLICATION, rejectionVersion: 3, messageId: '<r>', to: 'a@b.ca' },
      },
    );
    const rejected = await row(JOB_APPLICATIONS, APPLICATION);
    expect(rejected).toMatchObject({ status: 'rejected', notes: 'Filled', version: 4 });
    expect(rejected.rejection_email_sent_at).toBeInstanceOf(Date);
    await given(stream, {
      type: 'ApplicationStatusChanged',
      data: { applicationId: APPLICATION, status: 'reviewing', notes: '' },
    });
    expect(await row(JOB_APPLICATIONS, APPLICATION)).toMatchObject({
      status: 'reviewing',
      rejection_email_sent_at: null,
    });
  });

  it('given it marked as spam, then flagged with the reason; unmarked, then clear again', async () => {
    const stream = applicationStream(APPLICATION);
    await given(stream, {
      type: 'ApplicationMarkedSpam',
      data: { applicationId: APPLICATION, reason: 'Message is full of links', automatic: true },
    });
    expect(await row(JOB_APPLICATIONS, APPLICATION)).toMatchObject({
      is_spam: true,
      spam_reason: 'Message is full of links',
    });
    await given(stream, { type: 'ApplicationUnmarkedSpam', data: { applicationId: APPLICATION } });
    expect(await row(JOB_APPLICATIONS, APPLICATION)).toMatchObject({
      is_spam: false,
      spam_reason: null,
    });
  });

  it('given it held for review, then held with the reason and not spam; released, then clear', async () => {
    const stream = applicationStream(APPLICATION);
    expect(await row(JOB_APPLICATIONS, APPLICATION)).toMatchObject({
      held: false,
      held_reason: null,
    });
    const reason = 'Submitted faster than a person could type';
    await given(stream, { type: 'ApplicationHeld', data: { applicationId: APPLICATION, reason } });
    const held = await row(JOB_APPLICATIONS, APPLICATION);
    expect(held).toMatchObject({ held: true, held_reason: reason, is_spam: false });
    await given(stream, { type: 'ApplicationReleased', data: { applicationId: APPLICATION } });
    expect(await row(JOB_APPLICATIONS, APPLICATION)).toMatchObject({
      held: false,
      held_reason: null,
      is_spam: false,
      version: held.version + 1,
    });
  });

  it('given it held, then marked spam: spam, no longer held', async () => {
    const stream = applicationStream(APPLICATION);
    await given(
      stream,
      { type: 'ApplicationHeld', data: { applicationId: APPLICATION, reason: 'Too fast' } },
      {
        type: 'ApplicationMarkedSpam',
        data: { applicationId: APPLICATION, reason: 'Marked as spam', automatic: false },
      },
    );
    expect(await row(JOB_APPLICATIONS, APPLICATION)).toMatchObject({
      held: false,
      held_reason: null,
      is_spam: true,
      spam_reason: 'Marked as spam',
    });
    await given(stream, { type: 'ApplicationUnmarkedSpam', data: { applicationId: APPLICATION } });
  });

  it('given the arrival e-mails recorded, then the row is unchanged; deleted, then it is gone', async () => {
    const stream = applicationStream(APPLICATION);
    const before = await row(JOB_APPLICATIONS, APPLICATION);
    await given(
      stream,
      {
        type: 'ApplicationAcknowledged',
        data: { applicationId: APPLICATION, messageId: '<a>', to: 'ada@example.ca' },
      },
      {
        type: 'AdminNotifiedOfApplication',
        data: { applicationId: APPLICATION, messageId: '<n>', to: 'hr@example.ca' },
      },
    );
    expect(await row(JOB_APPLICATIONS, APPLICATION)).toEqual(before);
    await given(stream, { type: 'ApplicationDeleted', data: { applicationId: APPLICATION } });
    expect(await row(JOB_APPLICATIONS, APPLICATION)).toBeUndefined();
  });
});

describe("the careers page's revision (the page cache's stamp)", () => {
  const revision = async () => (await contentRevisions(tdb.db)).get(CAREERS_CONTENT) ?? 0;

  it('given a job or a category changed, then it moves; given an application, then it does not', async () => {
    const other = '7a0c1e52-4d0b-4f7e-9b61-0c5d3a2e0109';
    const start = await revision();
    await given(jobStream(other), { type: 'JobCreated', data: content({ jobId: other }) });
    expect(await revision()).toBe(start + 1);
    await given(jobStream(other), { type: 'JobPublished', data: { jobId: other } });
    await given(jobCategoryStream(CATEGORY), {
      type: 'JobCategoryUpdated',
      data: category({ name: 'Research' }),
    });
    expect(await revision()).toBe(start + 3);
    await given(applicationStream(APPLICATION), {
      type: 'ApplicationStatusChanged',
      data: { applicationId: APPLICATION, status: 'interview', notes: '' },
    });
    expect(await revision()).toBe(start + 3);
  });
});

describe('events stored before the texts were cleaned at intake', () => {
  const LEGACY_JOB = '7a0c1e52-4d0b-4f7e-9b61-0c5d3a2e0102';
  const LEGACY_APPLICATION = '7a0c1e52-4d0b-4f7e-9b61-0c5d3a2e0202';

  it('given a job whose requirements, responsibilities and benefits hold a script, then the row holds none', async () => {
    await given(jobStream(LEGACY_JOB), {
      type: 'JobCreated',
      data: content({
        jobId: LEGACY_JOB,
        requirements: '<script>alert(1)</script>Python',
        responsibilities: '<img src=x onerror=alert(1)>Models',
        benefits: 'Dental & <a href="javascript:alert(1)">vision</a>',
      }),
    });
    expect(await row(JOBS, LEGACY_JOB)).toMatchObject({
      requirements: '<p>Python</p>',
      responsibilities: '<p>Models</p>',
      benefits: 'Dental &amp; <a>vision</a>',
    });
  });

  it('given plain lines (the demo jobs), then the HTML the command would store', async () => {
    const PLAIN_JOB = '7a0c1e52-4d0b-4f7e-9b61-0c5d3a2e0103';
    await given(jobStream(PLAIN_JOB), {
      type: 'JobCreated',
      data: content({ jobId: PLAIN_JOB, requirements: 'Python\nSQL', benefits: '' }),
    });
    expect(await row(JOBS, PLAIN_JOB)).toMatchObject({
      requirements: '<p>Python<br />SQL</p>',
      benefits: '',
    });
  });

  it('given an application whose résumé name was a path, then the row shows its display name', async () => {
    await given(applicationStream(LEGACY_APPLICATION), {
      type: 'ApplicationSubmitted',
      data: {
        ...submitted.data,
        applicationId: LEGACY_APPLICATION,
        resumeOriginalName: '../../../../tmp/owned.pdf',
      },
    } as ApplicationEvent);
    expect(await row(JOB_APPLICATIONS, LEGACY_APPLICATION)).toMatchObject({
      resume_original_name: 'owned.pdf',
    });
  });
});

describe("a job's page: its slug and closing date", () => {
  const OTHER = '7a0c1e52-4d0b-4f7e-9b61-0c5d3a2e0104';
  const LEGACY = '7a0c1e52-4d0b-4f7e-9b61-0c5d3a2e0105';

  it('given a slug assigned and a closing date, then the row has both', async () => {
    await given(
      jobStream(OTHER),
      {
        type: 'JobCreated',
        data: content({ jobId: OTHER, applicationsCloseAt: '2026-12-01T05:00:00.000Z' }),
      },
      { type: 'JobSlugAssigned', data: { jobId: OTHER, slug: 'machine-learning-engineer-2' } },
    );
    const saved = await row(JOBS, OTHER);
    expect(saved.slug).toBe('machine-learning-engineer-2');
    expect(saved.applications_close_at.toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });

  it('given a job from before slugs, then the upgrade gives it one through its stream, once', async () => {
    // As events were written before: no closing date, no slug.
    const { applicationsCloseAt: _, ...old } = content({ jobId: LEGACY, title: 'Data Analyst' });
    await given(jobStream(LEGACY), { type: 'JobCreated', data: old });
    expect((await row(JOBS, LEGACY)).slug).toBeNull();
    expect((await row(JOBS, LEGACY)).applications_close_at).toBeNull();
    const { assignMissingJobSlugs } = await import('./index.ts');
    expect(await assignMissingJobSlugs(store)).toBeGreaterThanOrEqual(1);
    expect((await row(JOBS, LEGACY)).slug).toBe('data-analyst');
    expect(await assignMissingJobSlugs(store)).toBe(0);
    const types = await tdb
      .db('events')
      .where({ stream_id: jobStream(LEGACY) })
      .orderBy('version')
      .pluck('type');
    expect(types).toEqual(['JobCreated', 'JobSlugAssigned']);
  });
});
