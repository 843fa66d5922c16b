import {
  ConflictError,
  digestOwed,
  NotFoundError,
  noticeWindowAt,
  type StoredEvent,
  ValidationError,
} from '@kw/platform';
import { SPAM_REASONS, SPAM_RULES } from '@kw/platform/http';
import { describe, expect, it } from 'vitest';
import {
  adminNotificationDue,
  arrivalEmailDue,
  arrivalEmailOwed,
  assessApplication,
  burstWindowStart,
  changeApplicationStatus,
  countApplicationNotices,
  createCategory,
  createJob,
  decideBulkApplication,
  deleteCategory,
  deleteJob,
  flagApplicationOnIntake,
  handleApplication,
  handleApplicationNotices,
  handleCategory,
  handleJob,
  markApplicationSpam,
  queueApplicationNotice,
  receiveApplication,
  recordApplicationDigest,
  recordApplicationsToldSeparately,
  recordArrivalEmail,
  recordRejectionEmail,
  rejectionEmailDue,
  rejectionEmailOwed,
  restoreJob,
  submitApplication,
  unmarkApplicationSpam,
  updateCategory,
  updateJob,
  upgradeJobSlug,
} from './commands.ts';
import {
  APPLICATION_CSV_COLUMNS,
  APPLICATION_STATUS_COLOURS,
  applicationCsvRow,
  filterApplications,
  type JobApplication,
  preview,
  uniqueJobSlug,
} from './contract.ts';
import { descriptionToHtml } from './description.ts';
import type { ApplicationEvent, CareersEvent } from './events.ts';

// Given / when / then, without a database: the history is a list of events.

const given = (...events: CareersEvent[]): StoredEvent[] =>
  events.map((e, i) => ({
    ...e,
    position: i + 1,
    streamId: 'test:1',
    streamType: 'test',
    version: i + 1,
    metadata: { actor: 'test' },
    occurredAt: new Date(0),
  }));
const categoryState = (history: StoredEvent[]) => handleCategory.fold(history);
const jobState = (history: StoredEvent[]) => handleJob.fold(history);
const applicationState = (history: StoredEvent[]) => handleApplication.fold(history);

const jobFields = {
  title: 'Machine Learning Engineer',
  description: '<p>Build forecasting models for small manufacturers in Waterloo Region.</p>',
  categoryId: '11111111-1111-4111-8111-111111111111',
  location: 'Cambridge, ON',
  employmentType: 'full-time' as const,
  salaryRange: '',
  experienceLevel: 'mid' as const,
  requirements: '',
  responsibilities: '',
  benefits: '',
  isPublished: false,
  isActive: true,
  applicationsCloseAt: null,
};
const NOW = new Date('2026-11-23T12:00:00Z');
/** A JobCreated as written before jobs had a closing date or a slug. */
const contentOfLegacy = (() => {
  const { isPublished: _p, isActive: _a, applicationsCloseAt: _c, ...rest } = jobFields;
  return { jobId: '22222222-2222-4222-8222-222222222222', ...rest };
})();
const JOB = '22222222-2222-4222-8222-222222222222';
const APP = '33333333-3333-4333-8333-333333333333';

const applicant = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.ca',
  phone: '519-555-0100',
  coverLetter: '',
};
const resume = { filename: 'a.pdf', originalName: 'cv.pdf', mimeType: 'application/pdf', size: 9 };
const visitor = { ip: '127.0.0.1', userAgent: 'test' };

describe('jobs: recently deleted', () => {
  const DELETED_AT = new Date('2026-11-01T12:00:00Z');
  const days = (n: number) => new Date(DELETED_AT.getTime() + n * 86_400_000);
  // A published job, then deleted at DELETED_AT (the log's time of the deletion).
  const history = () => {
    const events = given(
      ...(createJob(JOB, { ...jobFields, isPublished: true }, true) as CareersEvent[]),
      { type: 'JobDeleted', data: { jobId: JOB } },
    );
    events.at(-1)!.occurredAt = DELETED_AT;
    return events;
  };

  it('given a job deleted 30 days ago, when restored, then it is back as it was, an active draft, at its address', () => {
    const state = jobState(history());
    // created, given its slug, published, deleted
    expect(state).toMatchObject({
      exists: false,
      deleted: { at: DELETED_AT.toISOString(), version: 4 },
    });
    const restored = restoreJob(state, JOB, days(30), () => true);
    expect(restored).toEqual([
      {
        type: 'JobRestored',
        data: { ...createJob(JOB, jobFields, true)[0]!.data, fromVersion: 3 },
      },
      { type: 'JobSlugAssigned', data: { jobId: JOB, slug: state.slug } },
    ]);
    expect(state.slug).toBeTruthy();
    const after = jobState([
      ...history(),
      ...given(...(restored as CareersEvent[])).map((e, i) => ({ ...e, version: 5 + i })),
    ]);
    expect(after).toMatchObject({ exists: true, isPublished: false, isActive: true, version: 6 });
    expect(after.deleted).toBeUndefined();
    expect(() => restoreJob(after, JOB, days(1), () => true)).toThrow('This job is not deleted');
  });

  it('given its category deleted meanwhile, then it comes back uncategorised', () => {
    const [restored] = restoreJob(jobState(history()), JOB, days(1), () => false);
    expect(restored!.data).toMatchObject({ categoryId: null });
  });

  it('given a job deleted more than 30 days ago, then it can no longer be restored', () => {
    expect(() => restoreJob(jobState(history()), JOB, days(30.01), () => true)).toThrow(
      'Job was deleted more than 30 days ago and can no longer be restored',
    );
    expect(() => restoreJob(jobState([]), JOB, days(1), () => true)).toThrow(NotFoundError);
  });
});

describe('jobs', () => {
  it('a new job is an active draft unless the form says otherwise', () => {
    expect(createJob(JOB, jobFields, true).map((e) => e.type)).toEqual([
      'JobCreated',
      'JobSlugAssigned',
    ]);
    expect(
      createJob(JOB, { ...jobFields, isPublished: true, isActive: false }, true).map((e) => e.type),
    ).toEqual(['JobCreated', 'JobSlugAssigned', 'JobPublished', 'JobDeactivated']);
  });

  it('an update names only what changed', () => {
    const history = given(...(createJob(JOB, jobFields, true) as CareersEvent[]));
    const state = jobState(history);
    expect(updateJob(state, JOB, jobFields, true)).toEqual([]);
    expect(
      updateJob(state, JOB, { ...jobFields, isPublished: true }, true).map((e) => e.type),
    ).toEqual(['JobPublished']);
    expect(
      updateJob(state, JOB, { ...jobFields, title: 'ML Engineer' }, true).map((e) => e.type),
    ).toEqual(['JobUpdated']);
  });

  it('a visitor may apply only to a published, active job', () => {
    const draft = jobState(given(...(createJob(JOB, jobFields, true) as CareersEvent[])));
    expect(() => submitApplication(draft, APP, applicant, resume, visitor, NOW)).toThrow(
      NotFoundError,
    );
    const closed = jobState(
      given(
        ...(createJob(
          JOB,
          { ...jobFields, isPublished: true, isActive: false },
          true,
        ) as CareersEvent[]),
      ),
    );
    expect(() => submitApplication(closed, APP, applicant, resume, visitor, NOW)).toThrow(
      ConflictError,
    );
    expect(() => submitApplication(jobState([]), APP, applicant, resume, visitor, NOW)).toThrow(
      NotFoundError,
    );
    const open = jobState(
      given(...(createJob(JOB, { ...jobFields, isPublished: true }, true) as CareersEvent[])),
    );
    const [event] = submitApplication(open, APP, applicant, resume, visitor, NOW);
    expect(event.data).toMatchObject({
      jobId: JOB,
      jobTitle: jobFields.title,
      email: applicant.email,
    });
  });
});

describe("a job's slug: from its title, unique, stable", () => {
  const slugOf = (events: readonly CareersEvent[]) =>
    events.flatMap((e) => (e.type === 'JobSlugAssigned' ? [e.data.slug] : []));

  it('a new job is given the slug of its title, with -2, -3 … when another job has it', () => {
    const title = 'Business Analyst (Automation) — Québec';
    expect(slugOf(createJob(JOB, { ...jobFields, title }, true))).toEqual([
      'business-analyst-automation-quebec',
    ]);
    expect(slugOf(createJob(JOB, jobFields, true, new Set(['machine-learning-engineer'])))).toEqual(
      ['machine-learning-engineer-2'],
    );
    expect(
      slugOf(
        createJob(
          JOB,
          jobFields,
          true,
          new Set(['machine-learning-engineer', 'machine-learning-engineer-2']),
        ),
      ),
    ).toEqual(['machine-learning-engineer-3']);
    expect(uniqueJobSlug('¿¿!!', new Set())).toBe('job');
  });

  it('a renamed job keeps its slug: its address never changes', () => {
    const state = jobState(given(...createJob(JOB, jobFields, true)));
    expect(state.slug).toBe('machine-learning-engineer');
    const renamed = updateJob(state, JOB, { ...jobFields, title: 'Data Scientist' }, true);
    expect(slugOf(renamed)).toEqual([]);
  });

  it('a job made before slugs gets one with the upgrade (or its first edit), once', () => {
    const legacy = jobState(given({ type: 'JobCreated', data: contentOfLegacy }));
    expect(legacy.slug).toBeNull();
    expect(upgradeJobSlug(legacy, JOB, new Set())).toEqual([
      { type: 'JobSlugAssigned', data: { jobId: JOB, slug: 'machine-learning-engineer' } },
    ]);
    expect(slugOf(updateJob(legacy, JOB, jobFields, true))).toEqual(['machine-learning-engineer']);
    const upgraded = jobState(
      given(
        { type: 'JobCreated', data: contentOfLegacy },
        ...upgradeJobSlug(legacy, JOB, new Set()),
      ),
    );
    expect(upgradeJobSlug(upgraded, JOB, new Set())).toEqual([]);
    expect(upgradeJobSlug(jobState([]), JOB, new Set())).toEqual([]);
  });
});

describe('applications close', () => {
  const closing = (applicationsCloseAt: string | null) =>
    jobState(
      given(...createJob(JOB, { ...jobFields, isPublished: true, applicationsCloseAt }, true)),
    );

  it('before the closing date a visitor may apply; from it on, a 409 that says so', () => {
    const job = closing('2026-12-01T05:00:00.000Z');
    const before = new Date('2026-12-01T04:59:59Z');
    expect(submitApplication(job, APP, applicant, resume, visitor, before)).toHaveLength(1);
    const at = new Date('2026-12-01T05:00:00Z');
    expect(() => submitApplication(job, APP, applicant, resume, visitor, at)).toThrow(
      new ConflictError(
        'Applications for this position closed on 2026-12-01: it is no longer accepting applications.',
      ),
    );
    expect(submitApplication(closing(null), APP, applicant, resume, visitor, at)).toHaveLength(1);
  });

  it('the closing date is part of the job: changing it is an update', () => {
    const job = closing(null);
    const later = {
      ...jobFields,
      isPublished: true,
      applicationsCloseAt: '2027-01-31T05:00:00.000Z',
    };
    expect(updateJob(job, JOB, later, true)).toEqual([
      {
        type: 'JobUpdated',
        data: expect.objectContaining({ applicationsCloseAt: later.applicationsCloseAt }),
      },
    ]);
    // An event from before closing dates reads as none: saving it unchanged changes nothing.
    const legacy = jobState(given({ type: 'JobCreated', data: contentOfLegacy }));
    expect(updateJob(legacy, JOB, jobFields, true).map((e) => e.type)).toEqual(['JobSlugAssigned']);
  });
});

describe('job categories', () => {
  const CATEGORY = jobFields.categoryId;
  const fields = { name: 'Engineering', description: '', isActive: true };

  it('an update names only a real change; an unknown or deleted category is a 404', () => {
    const created = createCategory(CATEGORY, fields);
    const state = categoryState(given(...created));
    expect(updateCategory(state, CATEGORY, fields)).toEqual([]);
    expect(updateCategory(state, CATEGORY, { ...fields, isActive: false })).toEqual([
      { type: 'JobCategoryUpdated', data: { categoryId: CATEGORY, ...fields, isActive: false } },
    ]);
    const deleted = categoryState(given(...created, ...deleteCategory(state, CATEGORY)));
    expect(() => updateCategory(deleted, CATEGORY, fields)).toThrow(NotFoundError);
    expect(() => deleteCategory(deleted, CATEGORY)).toThrow(NotFoundError);
    expect(() => updateCategory(categoryState([]), CATEGORY, fields)).toThrow(NotFoundError);
  });

  it('a job must name a category that exists: an unknown job is a 404 before that', () => {
    expect(() => createJob(JOB, jobFields, false)).toThrow(ValidationError);
    const state = jobState(given(...createJob(JOB, jobFields, true)));
    expect(() => updateJob(state, JOB, jobFields, false)).toThrow(ValidationError);
    expect(() => updateJob(jobState([]), JOB, jobFields, false)).toThrow(NotFoundError);
    const deleted = jobState(given(...createJob(JOB, jobFields, true), ...deleteJob(state, JOB)));
    expect(() => updateJob(deleted, JOB, jobFields, true)).toThrow(NotFoundError);
  });
});

describe('application status and the rejection e-mail', () => {
  const open = jobState(
    given(...(createJob(JOB, { ...jobFields, isPublished: true }, true) as CareersEvent[])),
  );
  const submitted = submitApplication(open, APP, applicant, resume, visitor, NOW)[0];

  it('rejecting is its own event; the same status twice changes nothing', () => {
    const state = applicationState(given(submitted));
    expect(changeApplicationStatus(state, APP, 'rejected', '')).toEqual([
      { type: 'ApplicationRejected', data: { applicationId: APP, notes: '' } },
    ]);
    expect(changeApplicationStatus(state, APP, 'interview', '')[0]?.type).toBe(
      'ApplicationStatusChanged',
    );
    expect(changeApplicationStatus(state, APP, 'new', '')).toEqual([]);
    expect(() => changeApplicationStatus(applicationState([]), APP, 'hired', '')).toThrow(
      NotFoundError,
    );
  });

  it('given an application, a bulk action decides as its own menu item does', () => {
    const state = applicationState(given(submitted));
    expect(decideBulkApplication(state, APP, { action: 'setStatus', status: 'rejected' })).toEqual(
      changeApplicationStatus(state, APP, 'rejected', ''),
    );
    expect(decideBulkApplication(state, APP, { action: 'markSpam' })[0]?.type).toBe(
      'ApplicationMarkedSpam',
    );
    expect(decideBulkApplication(state, APP, { action: 'delete' })).toEqual([
      { type: 'ApplicationDeleted', data: { applicationId: APP } },
    ]);
    expect(() => decideBulkApplication(applicationState([]), APP, { action: 'delete' })).toThrow(
      NotFoundError,
    );
  });

  it('owes one e-mail per rejection, and none once it is recorded as sent', () => {
    const rejected = {
      type: 'ApplicationRejected' as const,
      data: { applicationId: APP, notes: '' },
    };
    const history = given(submitted, rejected);
    expect(rejectionEmailOwed(applicationState(history), 2)?.email).toBe('ada@example.ca');
    const sent = recordRejectionEmail(APP, 2, '<id>', 'ada@example.ca')[0];
    expect(
      rejectionEmailOwed(applicationState(given(submitted, rejected, sent)), 2),
    ).toBeUndefined();
  });

  it('owes one acknowledgement and one notification, none once recorded, none for spam or a deleted one', () => {
    const state = (...events: ApplicationEvent[]) => applicationState(given(submitted, ...events));
    expect(arrivalEmailOwed(state(), 'acknowledgement')?.email).toBe('ada@example.ca');
    expect(arrivalEmailOwed(state(), 'admin-notification')?.email).toBe('ada@example.ca');

    const acknowledged = recordArrivalEmail(APP, 'acknowledgement', '<a>', 'ada@example.ca')[0];
    expect(acknowledged.type).toBe('ApplicationAcknowledged');
    expect(arrivalEmailOwed(state(acknowledged), 'acknowledgement')).toBeUndefined();
    // the other e-mail is still owed
    expect(arrivalEmailOwed(state(acknowledged), 'admin-notification')).toBeDefined();
    const notified = recordArrivalEmail(APP, 'admin-notification', '<n>', 'hr@example.ca')[0];
    expect(notified.type).toBe('AdminNotifiedOfApplication');
    expect(arrivalEmailOwed(state(notified), 'admin-notification')).toBeUndefined();

    const spam = {
      type: 'ApplicationMarkedSpam' as const,
      data: { applicationId: APP, reason: 'Too many links', automatic: true },
    };
    const deleted = { type: 'ApplicationDeleted' as const, data: { applicationId: APP } };
    for (const kind of ['acknowledgement', 'admin-notification'] as const) {
      expect(arrivalEmailOwed(state(spam), kind)).toBeUndefined();
      expect(arrivalEmailOwed(state(deleted), kind)).toBeUndefined();
    }
  });

  it('owes nothing when the application was deleted or moved on before the e-mail went out', () => {
    const rejected = {
      type: 'ApplicationRejected' as const,
      data: { applicationId: APP, notes: '' },
    };
    const deleted = { type: 'ApplicationDeleted' as const, data: { applicationId: APP } };
    expect(
      rejectionEmailOwed(applicationState(given(submitted, rejected, deleted)), 2),
    ).toBeUndefined();
    const back = {
      type: 'ApplicationStatusChanged' as const,
      data: { applicationId: APP, status: 'reviewing' as const, notes: '' },
    };
    expect(
      rejectionEmailOwed(applicationState(given(submitted, rejected, back)), 2),
    ).toBeUndefined();
  });

  it('badge colours: new blue, reviewing yellow, interview purple, hired green, rejected red', () => {
    expect(APPLICATION_STATUS_COLOURS).toEqual({
      new: 'blue',
      reviewing: 'yellow',
      interview: 'purple',
      hired: 'green',
      rejected: 'red',
    });
  });
});

describe('spam verdicts on applications', () => {
  const open = jobState(
    given(...(createJob(JOB, { ...jobFields, isPublished: true }, true) as CareersEvent[])),
  );
  const submitted = submitApplication(open, APP, applicant, resume, visitor, NOW)[0];
  const flagged = {
    type: 'ApplicationMarkedSpam' as const,
    data: { applicationId: APP, reason: 'Message is full of links', automatic: true },
  };

  it('a clean intake verdict adds nothing; a spam one is recorded with its reason', () => {
    expect(flagApplicationOnIntake(APP, { isSpam: false, reason: null })).toEqual([]);
    expect(
      flagApplicationOnIntake(APP, { isSpam: true, reason: 'Message is full of links' }),
    ).toEqual([flagged]);
  });

  it('the administrator reverses a verdict, and flags by hand with a reason of their own', () => {
    const state = applicationState(given(submitted, flagged));
    expect(state).toMatchObject({ isSpam: true, spamReason: 'Message is full of links' });
    const unmarked = unmarkApplicationSpam(state, APP);
    expect(unmarked).toEqual([{ type: 'ApplicationUnmarkedSpam', data: { applicationId: APP } }]);
    const after = applicationState(given(submitted, flagged, ...unmarked));
    expect(after).toMatchObject({ isSpam: false, spamReason: null });
    expect(markApplicationSpam(after, APP)).toEqual([
      {
        type: 'ApplicationMarkedSpam',
        data: {
          applicationId: APP,
          reason: 'Marked as spam by an administrator',
          automatic: false,
        },
      },
    ]);
  });

  it('asking for the verdict it already has changes nothing; an unknown application is 404', () => {
    expect(markApplicationSpam(applicationState(given(submitted, flagged)), APP)).toEqual([]);
    expect(unmarkApplicationSpam(applicationState(given(submitted)), APP)).toEqual([]);
    expect(() => markApplicationSpam(applicationState([]), APP)).toThrow(NotFoundError);
  });
});

describe('the intake checks, at a given moment', () => {
  const now = new Date('2026-03-10T15:00:00Z');
  const secondsBefore = (s: number) => new Date(now.getTime() - s * 1000).toISOString();
  const open = jobState(given(...createJob(JOB, { ...jobFields, isPublished: true }, true)));

  it('sent within 3 seconds of opening the form is too fast; at a human pace, or without startedAt, it is not', () => {
    const verdict = (startedAt: string | undefined) =>
      assessApplication({ startedAt, website: '' }, 'Hello', 0, now);
    expect(verdict(secondsBefore(1))).toEqual({ isSpam: true, reason: SPAM_REASONS.tooFast });
    expect(verdict(secondsBefore(90))).toEqual({ isSpam: false, reason: null });
    expect(verdict(undefined)).toEqual({ isSpam: false, reason: null });
  });

  it('a filled honeypot, or the same cover letter a third time, is spam', () => {
    expect(assessApplication({ website: 'x' }, 'Hello', 0, now).reason).toBe(SPAM_REASONS.honeypot);
    expect(assessApplication({ website: '' }, 'Hello', 2, now).reason).toBe(SPAM_REASONS.burst);
    expect(burstWindowStart(now)).toEqual(new Date(now.getTime() - SPAM_RULES.burstWindowMs));
  });

  it('a spam verdict is recorded beside the submission; a clean one adds nothing', () => {
    const tooFast = { isSpam: true, reason: SPAM_REASONS.tooFast };
    expect(
      receiveApplication(open, APP, applicant, resume, visitor, tooFast, NOW).map((e) => e.type),
    ).toEqual(['ApplicationSubmitted', 'ApplicationMarkedSpam']);
    const clean = { isSpam: false, reason: null };
    expect(
      receiveApplication(open, APP, applicant, resume, visitor, clean, NOW).map((e) => e.type),
    ).toEqual(['ApplicationSubmitted']);
  });
});

describe('the e-mails due, with the events that record them', () => {
  const publicUrl = 'https://www.example.ca';
  const open = jobState(given(...createJob(JOB, { ...jobFields, isPublished: true }, true)));
  const submitted = submitApplication(open, APP, applicant, resume, visitor, NOW)[0];
  const rejected = {
    type: 'ApplicationRejected' as const,
    data: { applicationId: APP, notes: '' },
  };

  it('a rejection: to the applicant, its Message-ID naming the rejection, recorded as sent', () => {
    const due = rejectionEmailDue(applicationState(given(submitted, rejected)), 2, publicUrl);
    expect(due?.mail).toMatchObject({
      to: 'ada@example.ca',
      subject: 'Your application for Machine Learning Engineer at Grand River Digital',
      messageId: `<application-${APP}-rejection-2@www.example.ca>`,
    });
    expect(due?.mail.text).toContain('Dear Ada,');
    expect(due?.mail.html).toContain('<p>Dear Ada,</p>');
    expect(due?.recorded).toEqual([
      {
        type: 'RejectionEmailSent',
        data: {
          applicationId: APP,
          rejectionVersion: 2,
          messageId: `<application-${APP}-rejection-2@www.example.ca>`,
          to: 'ada@example.ca',
        },
      },
    ]);
    const after = applicationState(given(submitted, rejected, ...due!.recorded));
    expect(rejectionEmailDue(after, 2, publicUrl)).toBeNull();
  });

  it('the acknowledgement and the notification, each recorded; no notification without ADMIN_EMAIL', () => {
    const state = applicationState(given(submitted));
    const options = { publicUrl, adminEmail: 'hr@example.ca' };
    const ack = arrivalEmailDue(state, 'acknowledgement', options);
    expect(ack?.mail).toMatchObject({
      to: 'ada@example.ca',
      subject: 'We received your application for Machine Learning Engineer',
      messageId: `<application-${APP}-received@www.example.ca>`,
    });
    expect(ack?.recorded.map((e) => e.type)).toEqual(['ApplicationAcknowledged']);
    const note = arrivalEmailDue(state, 'admin-notification', options);
    expect(note?.mail).toMatchObject({
      to: 'hr@example.ca',
      subject: 'New application: Ada Lovelace for Machine Learning Engineer',
      messageId: `<application-${APP}-notification@www.example.ca>`,
      headers: { 'Reply-To': 'ada@example.ca' },
    });
    expect(note?.recorded).toEqual([
      {
        type: 'AdminNotifiedOfApplication',
        data: {
          applicationId: APP,
          messageId: `<application-${APP}-notification@www.example.ca>`,
          to: 'hr@example.ca',
        },
      },
    ]);
    expect(arrivalEmailDue(state, 'admin-notification', { publicUrl })).toBeNull();
  });
});

describe("ADMIN_EMAIL's notice of an application, coalesced", () => {
  const publicUrl = 'https://www.example.ca';
  const to = 'hr@example.ca';
  const open = jobState(given(...createJob(JOB, { ...jobFields, isPublished: true }, true)));
  const submitted = submitApplication(open, APP, applicant, resume, visitor, NOW)[0];
  const window = noticeWindowAt(new Date('2031-03-02T15:01:00Z'));

  it('given an application, its notice is queued once, gathered in the round of the window', () => {
    const state = applicationState(given(submitted));
    const queued = queueApplicationNotice(state, to, window);
    expect(queued).toEqual([
      {
        type: 'ApplicationNoticeQueued',
        data: { applicationId: APP, mode: 'gathered', window: window.id },
      },
    ]);
    expect(
      queueApplicationNotice(applicationState(given(submitted, ...queued)), to, window),
    ).toEqual([]);
  });

  it('given spam, a deletion or no ADMIN_EMAIL, no notice is queued', () => {
    const spam = flagApplicationOnIntake(APP, { isSpam: true, reason: SPAM_REASONS.links });
    expect(queueApplicationNotice(applicationState(given(submitted, ...spam)), to, window)).toEqual(
      [],
    );
    expect(queueApplicationNotice(applicationState(given(submitted)), undefined, window)).toEqual(
      [],
    );
  });

  it('its e-mail of its own is owed only when its round told it one by one (or an older window queued it alone)', () => {
    const gathered = given(
      submitted,
      ...queueApplicationNotice(applicationState(given(submitted)), to, window),
    );
    expect(
      adminNotificationDue(applicationState(gathered), { publicUrl, adminEmail: to }),
    ).toBeNull();
    expect(
      adminNotificationDue(applicationState(gathered), {
        publicUrl,
        adminEmail: to,
        toldSeparately: 'new',
      }),
    ).toMatchObject({
      mail: { subject: 'New application: Ada Lovelace for Machine Learning Engineer' },
    });
    const alone = given(submitted, {
      type: 'ApplicationNoticeQueued',
      data: { applicationId: APP, mode: 'individual', window: window.id },
    });
    expect(
      adminNotificationDue(applicationState(alone), { publicUrl, adminEmail: to }),
    ).toMatchObject({
      mail: { subject: 'New application: Ada Lovelace for Machine Learning Engineer' },
    });
    expect(
      adminNotificationDue(applicationState(given(submitted)), { publicUrl, adminEmail: to }),
    ).toBeNull();
  });

  it('the window counts it; the first opens the round, which covers it once (in a digest, or one by one)', () => {
    const queued = queueApplicationNotice(applicationState(given(submitted)), to, window);
    const now = new Date('2031-03-02T15:01:00Z');
    const due = new Date('2031-03-02T15:01:02Z');
    const counted = countApplicationNotices(queued, now, due);
    expect(counted.map((e) => e.type)).toEqual([
      'ApplicationNoticesCounted',
      'ApplicationDigestScheduled',
    ]);
    const state = handleApplicationNotices.fold(given(...counted));
    expect(state.pendingDueAt).toBe(due.toISOString());
    const owed = digestOwed(state)!;
    expect(owed).toEqual({ count: 1, tags: {}, sample: [APP] });
    const sent = recordApplicationDigest(window.id, to, owed, due);
    expect(digestOwed(handleApplicationNotices.fold(given(...counted, ...sent)))).toBeNull();
    const alone = recordApplicationsToldSeparately(window.id, state.sample, due);
    const told = handleApplicationNotices.fold(given(...counted, ...alone));
    expect(digestOwed(told)).toBeNull();
    expect(told.separately).toEqual([{ id: APP, tags: [], at: due.toISOString() }]);
  });
});

describe('job descriptions', () => {
  it('markdown becomes HTML with line breaks and GitHub extensions', () => {
    const html = descriptionToHtml('## Role\nLine one\nLine two\n\n- [x] done\n\n~~old~~');
    expect(html).toContain('<h2>Role</h2>');
    expect(html).toContain('Line one<br />Line two');
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('type="checkbox"');
  });

  it('text that already holds tags is kept as is, but never a script', () => {
    expect(descriptionToHtml('<p>Hello <strong>team</strong></p>')).toBe(
      '<p>Hello <strong>team</strong></p>',
    );
    expect(
      descriptionToHtml('<p>Hi</p><script>alert(1)</script><img src=x onerror=alert(1)>'),
    ).toBe('<p>Hi</p>');
  });

  it('card previews strip tags and cut with an ellipsis', () => {
    expect(preview('<p>Hello <b>world</b></p>', 150)).toBe('Hello world');
    expect(preview(`<p>${'a'.repeat(210)}</p>`, 200)).toBe(`${'a'.repeat(200)}...`);
  });
});

const application = (appliedAt: string, extra: Partial<JobApplication> = {}): JobApplication => ({
  id: appliedAt,
  jobId: JOB,
  jobTitle: 'Engineer',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.ca',
  phone: '5195550100',
  coverLetter: '',
  resumeFilename: 'x.pdf',
  resumeOriginalName: 'cv.pdf',
  status: 'new',
  notes: '',
  appliedAt,
  rejectionEmailSentAt: null,
  isSpam: false,
  spamReason: null,
  held: false,
  heldReason: null,
  ...extra,
});

describe('application filters', () => {
  // Local times, as the administrator's date pickers give them.
  const day = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
    new Date(y, m - 1, d, h, min, s, ms).toISOString();
  const list = [
    application(day(2026, 3, 9, 23, 59, 59, 999)),
    application(day(2026, 3, 10, 0, 0, 0, 0)),
    application(day(2026, 3, 12, 23, 59, 59, 999)),
    application(day(2026, 3, 13, 0, 0, 0, 0), { status: 'rejected' }),
  ];

  it('from is inclusive from the start of that day; to through 23:59:59.999 of that day', () => {
    const found = filterApplications(list, {
      from: new Date(2026, 2, 10, 15, 30),
      to: new Date(2026, 2, 12, 8, 0),
    });
    expect(found.map((a) => a.appliedAt)).toEqual([list[1]!.appliedAt, list[2]!.appliedAt]);
  });

  it('status combines with the dates', () => {
    expect(filterApplications(list, { status: 'rejected' })).toEqual([list[3]]);
    expect(filterApplications(list, { status: 'all', from: new Date(2026, 2, 13) })).toEqual([
      list[3],
    ]);
  });
  it('the screening filter: clean, held for review, spam, or all', () => {
    const held = application('2026-03-14T12:00:00Z', { id: 'held', held: true });
    const spam = application('2026-03-14T13:00:00Z', { id: 'spam', isSpam: true });
    const both = [...list, held, spam];
    expect(filterApplications(both, { screening: 'held' })).toEqual([held]);
    expect(filterApplications(both, { screening: 'spam' })).toEqual([spam]);
    expect(filterApplications(both, { screening: 'clean' })).toEqual(list);
    expect(filterApplications(both, { screening: 'all' })).toEqual(both);
  });
});

describe('CSV export', () => {
  // Quoting and formula neutralising are platform's sendCsv (see application-export.test.ts).
  it('has the spec columns; a row is the cells in that order, the date by the given day', () => {
    expect(APPLICATION_CSV_COLUMNS).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Job Title',
      'Status',
      'Applied Date',
    ]);
    const a = application('2026-01-05T03:00:00Z', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.ca',
      jobTitle: 'Engineer',
    });
    const seen: string[] = [];
    const row = applicationCsvRow(a, (date) => {
      seen.push(date.toISOString());
      return '2026-01-04';
    });
    expect(row).toEqual(['Grace', 'Hopper', 'grace@example.ca', 'Engineer', 'new', '2026-01-04']);
    expect(seen).toEqual(['2026-01-05T03:00:00.000Z']);
  });
});
