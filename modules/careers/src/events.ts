import { defineEvents, type EventOf, NOTICE_KINDS, NOTICE_MODES } from '@kw/platform';
import { z } from 'zod';
import { APPLICATION_STATUSES, EMPLOYMENT_TYPES, EXPERIENCE_LEVELS } from './presentation.ts';

// The facts of the careers module, in the business's words. Each schema accepts every event
// ever stored: plain strings where the form checked the format before (old and seeded events
// parse), every field the code reads listed.

const jobCategoryData = z.object({
  categoryId: z.string(),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
});

/** What a job says about itself; publication and activity are events of their own. */
const jobContent = z.object({
  jobId: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  // Always a category from the form; null only in events written by hand (tests, imports).
  categoryId: z.string().nullable(),
  location: z.string(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  salaryRange: z.string(),
  experienceLevel: z.enum(EXPERIENCE_LEVELS),
  requirements: z.string(),
  responsibilities: z.string(),
  benefits: z.string(),
  /**
   * When applications close (ISO date and time): past it the job is closed. Absent from events
   * written before it existed, and null when the job has no closing date.
   */
  applicationsCloseAt: z.string().nullish(),
});

const jobId = z.object({ jobId: z.string() });
const noticeMode = z.enum(NOTICE_MODES);
/** The notice's kind: `new` (also when absent: stored before applications were held) or `held`. */
const noticeKind = z.enum(NOTICE_KINDS).optional();
const applicationId = z.object({ applicationId: z.string() });
/** A sent e-mail, recorded so that it never goes out twice. */
const emailRecord = applicationId.extend({ messageId: z.string(), to: z.string() });

export const jobCategoryEventSchemas = {
  JobCategoryCreated: jobCategoryData,
  JobCategoryUpdated: jobCategoryData,
  JobCategoryDeleted: z.object({ categoryId: z.string() }),
};

export const jobEventSchemas = {
  JobCreated: jobContent,
  JobUpdated: jobContent,
  JobPublished: jobId,
  JobUnpublished: jobId,
  JobActivated: jobId,
  JobDeactivated: jobId,
  JobDeleted: jobId,
  /**
   * A deleted job brought back from "Recently deleted" as it was before its deletion, as an
   * active draft (unpublished); `categoryId` is null when its category is gone.
   */
  JobRestored: jobContent.extend({ fromVersion: z.number().int() }),
  /**
   * The job's address on the site, /careers/{slug}: given once (at creation, or to a job made
   * before jobs had one) and kept when the title changes, so links stay valid.
   */
  JobSlugAssigned: jobId.extend({ slug: z.string() }),
};

export const applicationEventSchemas = {
  ApplicationSubmitted: applicationId.extend({
    jobId: z.string(),
    jobTitle: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    coverLetter: z.string(),
    /** Random name of the stored file under the private folder. */
    resumeFilename: z.string(),
    resumeOriginalName: z.string(),
    resumeMimeType: z.string(),
    resumeSize: z.number(),
    ipAddress: z.string(),
    userAgent: z.string(),
  }),
  ApplicationStatusChanged: applicationId.extend({
    status: z.enum(APPLICATION_STATUSES).exclude(['rejected']),
    notes: z.string(),
  }),
  /** Rejection is its own fact: the worker answers it with one e-mail. */
  ApplicationRejected: applicationId.extend({ notes: z.string() }),
  RejectionEmailSent: emailRecord.extend({
    /** Version of the ApplicationRejected event this e-mail answers. */
    rejectionVersion: z.number(),
  }),
  /** The applicant was told their application arrived: never twice. */
  ApplicationAcknowledged: emailRecord,
  /**
   * ADMIN_EMAIL was told about the application: never twice. `held`: the e-mail said it is held
   * for review (a release owes the usual one later).
   */
  AdminNotifiedOfApplication: emailRecord.extend({ held: z.literal(true).optional() }),
  /** Flagged as spam by the intake checks (`automatic`) or by the administrator. */
  ApplicationMarkedSpam: applicationId.extend({ reason: z.string(), automatic: z.boolean() }),
  /** The administrator reversed a spam verdict. */
  ApplicationUnmarkedSpam: applicationId,
  ApplicationDeleted: applicationId,
  /**
   * Kept for the administrator's review instead of flagged as spam: its only sign of a bot was
   * its speed (a browser's autofill sends as fast). Listed as held until released or marked
   * spam; no e-mail to the applicant until it is released.
   */
  ApplicationHeld: applicationId.extend({ reason: z.string() }),
  /** The administrator released a held application: not spam; its e-mails are owed now. */
  ApplicationReleased: applicationId,
  /**
   * ADMIN_EMAIL will hear of the application (`new`, or `held` for review): `gathered` in the
   * round of the notices window `window` (told one by one or in its digest when it settles: a
   * flood of applications makes one e-mail); `individual` and `digest` are older windows' modes.
   */
  ApplicationNoticeQueued: applicationId.extend({
    mode: noticeMode,
    window: z.string(),
    kind: noticeKind,
  }),
};

/** The owner's notices of one window (stream `careers-notices:<window start>`). */
export const applicationNoticeEventSchemas = {
  /**
   * Applications' notices counted in the window's round at `at` (the worker's clock): a batch
   * of the worker's at once.
   */
  ApplicationNoticesCounted: z.object({
    notices: z.array(applicationId.extend({ mode: noticeMode, kind: noticeKind })).min(1),
    at: z.string(),
  }),
  /** An application's notice counted in the window's round (older windows: one per notice). */
  ApplicationNoticeCounted: applicationId.extend({
    mode: noticeMode,
    kind: noticeKind,
    at: z.string().optional(),
  }),
  /**
   * The window's round is due at `dueAt` (its job starts then): opened at `at` by its first
   * notice, or put off while notices still came.
   */
  ApplicationDigestScheduled: z.object({
    window: z.string(),
    dueAt: z.string(),
    at: z.string().optional(),
  }),
  /** The round's digest went to `to` at `at`, covering `count` applications (`held` held). */
  ApplicationDigestSent: z.object({
    window: z.string(),
    to: z.string(),
    count: z.number().int().positive(),
    held: z.number().int().nonnegative().optional(),
    at: z.string().optional(),
  }),
  /** The round settled with these few told one by one (each e-mail recorded on its stream). */
  ApplicationNoticesToldSeparately: z.object({
    window: z.string(),
    at: z.string(),
    notices: z.array(applicationId.extend({ kind: z.enum(NOTICE_KINDS) })),
  }),
};

export const careersEventSchemas = {
  ...jobCategoryEventSchemas,
  ...jobEventSchemas,
  ...applicationEventSchemas,
  ...applicationNoticeEventSchemas,
};

/** An export of applications to CSV, for the audit log (stream `applications-export:<id>`). */
export const applicationExportEventSchemas = {
  ApplicationsExported: z.object({
    count: z.number().int().nonnegative(),
    applicationIds: z.array(z.string()),
  }),
};
export const applicationExportEvents = defineEvents(applicationExportEventSchemas);
export type ApplicationExportEvent = EventOf<typeof applicationExportEventSchemas>;
export const applicationExportStream = (exportId: string): string =>
  `applications-export:${exportId}`;

/** Every careers event: what other modules (activity) import to read them. */
export const careersEvents = defineEvents(careersEventSchemas, {
  // What identifies or describes the applicant, stored sealed under their key
  // (crypto-shredding, see platform's personal-data): erasing them leaves `[erased]` here.
  personal: {
    ApplicationSubmitted: {
      subject: 'email',
      fields: [
        'firstName',
        'lastName',
        'email',
        'phone',
        'coverLetter',
        'resumeOriginalName',
        'ipAddress',
        'userAgent',
      ],
    },
    ApplicationStatusChanged: { subject: 'stream', fields: ['notes'] },
    ApplicationRejected: { subject: 'stream', fields: ['notes'] },
    RejectionEmailSent: { subject: 'stream', fields: ['to'] },
    ApplicationAcknowledged: { subject: 'stream', fields: ['to'] },
  },
});
/** The events of one stream kind each, for its decider. */
export const jobCategoryEvents = defineEvents(jobCategoryEventSchemas);
export const jobEvents = defineEvents(jobEventSchemas);
export const applicationEvents = defineEvents(applicationEventSchemas);
export const applicationNoticeEvents = defineEvents(applicationNoticeEventSchemas);

export type CareersEvent = EventOf<typeof careersEventSchemas>;
export type JobCategoryEvent = EventOf<typeof jobCategoryEventSchemas>;
export type JobEvent = EventOf<typeof jobEventSchemas>;
export type ApplicationEvent = EventOf<typeof applicationEventSchemas>;
export type ApplicationNoticeEvent = EventOf<typeof applicationNoticeEventSchemas>;

type Of<T extends CareersEvent['type']> = Extract<CareersEvent, { type: T }>;

export type JobCategoryData = z.output<typeof jobCategoryData>;
export type JobContent = z.output<typeof jobContent>;

export type JobCategoryCreated = Of<'JobCategoryCreated'>;
export type JobCategoryUpdated = Of<'JobCategoryUpdated'>;
export type JobCategoryDeleted = Of<'JobCategoryDeleted'>;
export type JobCreated = Of<'JobCreated'>;
export type JobUpdated = Of<'JobUpdated'>;
export type JobPublished = Of<'JobPublished'>;
export type JobUnpublished = Of<'JobUnpublished'>;
export type JobActivated = Of<'JobActivated'>;
export type JobDeactivated = Of<'JobDeactivated'>;
export type JobDeleted = Of<'JobDeleted'>;
export type JobRestored = Of<'JobRestored'>;
export type JobSlugAssigned = Of<'JobSlugAssigned'>;
export type ApplicationSubmitted = Of<'ApplicationSubmitted'>;
export type ApplicationStatusChanged = Of<'ApplicationStatusChanged'>;
export type ApplicationRejected = Of<'ApplicationRejected'>;
export type RejectionEmailSent = Of<'RejectionEmailSent'>;
export type ApplicationAcknowledged = Of<'ApplicationAcknowledged'>;
export type AdminNotifiedOfApplication = Of<'AdminNotifiedOfApplication'>;
export type ApplicationMarkedSpam = Of<'ApplicationMarkedSpam'>;
export type ApplicationUnmarkedSpam = Of<'ApplicationUnmarkedSpam'>;
export type ApplicationDeleted = Of<'ApplicationDeleted'>;
export type ApplicationHeld = Of<'ApplicationHeld'>;
export type ApplicationReleased = Of<'ApplicationReleased'>;
export type ApplicationNoticeQueued = Of<'ApplicationNoticeQueued'>;
export type ApplicationDigestSent = Of<'ApplicationDigestSent'>;

export const jobCategoryStream = (categoryId: string): string => `job-category:${categoryId}`;
export const jobStream = (jobId: string): string => `job:${jobId}`;
export const applicationStream = (applicationId: string): string =>
  `job-application:${applicationId}`;

/** ADMIN_EMAIL's notices of applications in one window (its start, an ISO date). */
export const applicationNoticesStream = (window: string): string => `careers-notices:${window}`;
