import { idSchema, isOneLine } from '@kw/platform/contract';
import { z } from 'zod';
import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  EMPLOYMENT_TYPES,
  type EmploymentType,
  EXPERIENCE_LEVELS,
  type ExperienceLevel,
} from './presentation.ts';

// Shapes of the careers module shared with the web app. No server imports here.

export * from './presentation.ts';

const optionalText = (max: number) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).optional().default('');

// ---- Job categories ----

export const CATEGORY_NAME_MIN = 2;

export const jobCategoryInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(CATEGORY_NAME_MIN, 'Name must be at least 2 characters')
    .max(100, 'Name must be at most 100 characters'),
  description: optionalText(1000),
  isActive: z.boolean().optional().default(true),
});
export type JobCategoryInput = z.input<typeof jobCategoryInputSchema>;
export type JobCategoryFields = z.output<typeof jobCategoryInputSchema>;

export interface JobCategory {
  id: string;
  name: string;
  description: string;
  isActive: boolean;
  createdAt: string;
}

// ---- Jobs ----

export const JOB_TITLE_MIN = 2;
export const JOB_DESCRIPTION_MIN = 50;
export const SELECT_CATEGORY_MESSAGE = 'Please select a category';

/** The longest a job's description (or a previewed text) may be, and each of its lists. */
export const JOB_TEXT_MAX = 20_000;
export const JOB_LIST_MAX = 5000;
/** Every text of a job at its longest: what its body may carry (the route's body limit). */
export const JOB_CHARACTERS_MAX = JOB_TEXT_MAX + 3 * JOB_LIST_MAX + 4 * 200;

export const jobInputSchema = z.object({
  title: z
    .string()
    .trim()
    .min(JOB_TITLE_MIN, 'Title must be at least 2 characters')
    .max(200, 'Title must be at most 200 characters'),
  description: z
    .string()
    .trim()
    .min(JOB_DESCRIPTION_MIN, 'Description must be at least 50 characters')
    .max(JOB_TEXT_MAX, `Description must be at most ${JOB_TEXT_MAX} characters`),
  categoryId: idSchema(SELECT_CATEGORY_MESSAGE),
  location: optionalText(200),
  employmentType: z.enum(EMPLOYMENT_TYPES).optional().default('full-time'),
  salaryRange: optionalText(200),
  experienceLevel: z.enum(EXPERIENCE_LEVELS).optional().default('mid'),
  requirements: optionalText(JOB_LIST_MAX),
  responsibilities: optionalText(JOB_LIST_MAX),
  benefits: optionalText(JOB_LIST_MAX),
  /** When applications close (ISO date and time); empty or null: no closing date. */
  applicationsCloseAt: z
    .union([
      z.iso.datetime({ offset: true, error: 'Applications close must be a date and time' }),
      z.literal(''),
      z.null(),
    ])
    .optional()
    .transform((value) => (value ? new Date(value).toISOString() : null)),
  isPublished: z.boolean().optional().default(false),
  isActive: z.boolean().optional().default(true),
});
export type JobInput = z.input<typeof jobInputSchema>;
export type JobFields = z.output<typeof jobInputSchema>;

/** POST /api/jobs/preview: a job text (markdown or HTML) as the pages will show it. */
export const jobTextPreviewSchema = z.object({
  text: z
    .string({ error: 'Text must be a string' })
    .max(JOB_TEXT_MAX, `Text must be at most ${JOB_TEXT_MAX} characters`),
});
export interface JobTextPreview {
  /** Sanitised HTML, as the job will be stored. */
  html: string;
}

export interface Job {
  id: string;
  title: string;
  /** Sanitised HTML, as are requirements, responsibilities and benefits. */
  description: string;
  categoryId: string | null;
  location: string;
  employmentType: EmploymentType;
  salaryRange: string;
  experienceLevel: ExperienceLevel;
  requirements: string;
  responsibilities: string;
  benefits: string;
  /** Its page is /careers/{slug}; null only for a job the upgrade has not reached yet. */
  slug: string | null;
  /** When applications close (ISO); null: no closing date. */
  applicationsCloseAt: string | null;
  isPublished: boolean;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/jobs/by-slug/{slug}: a published job's page. */
export interface JobPage {
  job: Job;
  /** Its category's name, if it has an active one. */
  categoryName: string | null;
  /** Applications have closed (its date has passed, or it no longer takes them): the page is a 410. */
  closed: boolean;
}

export const jobListQuerySchema = z.object({
  published: z.enum(['true', 'false']).optional(),
});

// ---- Applications ----

/** public-site.md §5: the fields of the apply dialog, beside the résumé. */
export const applicationFieldsSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(2, 'First name must be at least 2 characters')
    .max(100, 'First name must be at most 100 characters')
    .refine(isOneLine, 'First name must be on one line'),
  lastName: z
    .string()
    .trim()
    .min(2, 'Last name must be at least 2 characters')
    .max(100, 'Last name must be at most 100 characters')
    .refine(isOneLine, 'Last name must be on one line'),
  email: z
    .string()
    .trim()
    .pipe(z.email('Please enter a valid email address'))
    .pipe(z.string().max(254, 'Please enter a valid email address')),
  phone: z
    .string()
    .trim()
    .min(10, 'Please enter a valid phone number')
    .max(40, 'Please enter a valid phone number')
    .refine(isOneLine, 'Please enter a valid phone number'),
  coverLetter: optionalText(10_000),
});
export type ApplicationFieldsInput = z.input<typeof applicationFieldsSchema>;

/**
 * Signals the apply form may send beside its fields, for the spam checks: `startedAt`, when the
 * visitor began filling the form in (ISO date), and `website`, a hidden honeypot people leave
 * empty. Both optional; neither is shown to the applicant.
 */
export const applicationIntakeSignalsSchema = z.object({
  startedAt: z.iso
    .datetime({ offset: true, error: 'startedAt must be an ISO date' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  website: z.string().max(500).optional().default(''),
});
export type ApplicationIntakeSignals = z.output<typeof applicationIntakeSignalsSchema>;

/** Reason recorded when the administrator flags an application by hand. */
export const MARKED_AS_SPAM_REASON = 'Marked as spam by an administrator';
/** The back office's messages for the spam verdict (admin.md §8 style, as the other lists). */
export const APPLICATION_SPAM_MESSAGES = {
  marked: 'Application marked as spam',
  unmarked: 'Application unmarked as spam',
  markFailed: 'Failed to mark as spam',
  unmarkFailed: 'Failed to unmark as spam',
  released: 'Application released',
  releaseFailed: 'Failed to release the application',
} as const;
export type ApplicationFields = z.output<typeof applicationFieldsSchema>;

export const applicationStatusUpdateSchema = z.object({
  status: z.enum(APPLICATION_STATUSES, {
    error: `Status must be one of ${APPLICATION_STATUSES.join(', ')}`,
  }),
  notes: optionalText(5000),
});
export type ApplicationStatusUpdate = z.input<typeof applicationStatusUpdateSchema>;

/**
 * POST /api/job-applications/bulk (with `ids`): one action on several applications, each its
 * own command (a rejection sends each applicant the rejection e-mail), all or nothing.
 */
export const applicationBulkActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('setStatus'),
      status: z.enum(APPLICATION_STATUSES, {
        error: `Status must be one of ${APPLICATION_STATUSES.join(', ')}`,
      }),
    }),
    z.object({ action: z.literal('markSpam') }),
    z.object({ action: z.literal('delete') }),
  ],
  { error: 'Action must be one of setStatus, markSpam, delete' },
);
export type ApplicationBulkAction = z.infer<typeof applicationBulkActionSchema>;

export interface JobApplication {
  id: string;
  jobId: string;
  /** The job's title when the application arrived: kept if the job is deleted later. */
  jobTitle: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  coverLetter: string;
  resumeFilename: string;
  resumeOriginalName: string;
  status: ApplicationStatus;
  notes: string;
  appliedAt: string;
  /** When the rejection e-mail went out; null until the worker has sent it. */
  rejectionEmailSentAt: string | null;
  /** Flagged by the intake checks or by hand; no e-mail goes out for it. */
  isSpam: boolean;
  /** Why it was flagged; null when it is not spam. */
  spamReason: string | null;
  /**
   * Held for the administrator's review (sent too fast to be sure a person sent it): not spam,
   * and no e-mail has gone out for it yet.
   */
  held: boolean;
  /** Why it is held; null when it is not. */
  heldReason: string | null;
}

/** GET /api/job-applications/held-count: how many applications wait for review. */
export interface ApplicationHeldCount {
  held: number;
}

/** The Applications list showing only the held ones (the dashboard's and the e-mails' link). */
export const APPLICATIONS_HELD_PATH = '/admin/jobs?spam=held#applications';

/** The list's screening filter: every one, the clean ones, those held for review, spam. */
export const SCREENING_FILTERS = ['all', 'clean', 'held', 'spam'] as const;
export type ScreeningFilter = (typeof SCREENING_FILTERS)[number];

/** The screening filter a link opens the list with (`?spam=held`), or 'all'. */
export function screeningOf(value: string | null): ScreeningFilter {
  return SCREENING_FILTERS.find((filter) => filter === value) ?? 'all';
}

export const APPLICATION_STATUS_SUCCESS: Record<Exclude<ApplicationStatus, 'new'>, string> = {
  rejected: 'Application rejected. A rejection email has been sent to the applicant.',
  reviewing: 'Application marked as under review.',
  interview: 'Application moved to interview stage.',
  hired: 'Applicant marked as hired. Congratulations!',
};

// ---- Shared helpers of the back office (pure) ----

/**
 * Applications of the chosen status and screening whose applied date falls within the chosen
 * days, both ends inclusive.
 */
export function filterApplications(
  applications: readonly JobApplication[],
  filter: {
    status?: ApplicationStatus | 'all' | undefined;
    from?: Date | null;
    to?: Date | null;
    screening?: ScreeningFilter | undefined;
  },
): JobApplication[] {
  const from = filter.from ? startOfDay(filter.from).getTime() : undefined;
  const to = filter.to ? endOfDay(filter.to).getTime() : undefined;
  return applications.filter((a) => {
    if (filter.status && filter.status !== 'all' && a.status !== filter.status) return false;
    if (!matchesScreening(a, filter.screening ?? 'all')) return false;
    const applied = new Date(a.appliedAt).getTime();
    if (from !== undefined && applied < from) return false;
    if (to !== undefined && applied > to) return false;
    return true;
  });
}

function matchesScreening(a: JobApplication, filter: ScreeningFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'clean':
      return !a.isSpam && !a.held;
    case 'held':
      return a.held;
    case 'spam':
      return a.isSpam;
  }
}

export function startOfDay(day: Date): Date {
  const d = new Date(day);
  d.setHours(0, 0, 0, 0);
  return d;
}

export function endOfDay(day: Date): Date {
  const d = new Date(day);
  d.setHours(23, 59, 59, 999);
  return d;
}

/** The columns of job_applications_{date}.csv (admin.md §7). */
export const APPLICATION_CSV_COLUMNS = [
  'First Name',
  'Last Name',
  'Email',
  'Job Title',
  'Status',
  'Applied Date',
];

/**
 * One application's cells, in APPLICATION_CSV_COLUMNS order; `dayOf` writes the applied date
 * (the server passes the business's time zone).
 */
export function applicationCsvRow(a: JobApplication, dayOf: (date: Date) => string): string[] {
  return [a.firstName, a.lastName, a.email, a.jobTitle, a.status, dayOf(new Date(a.appliedAt))];
}

export const NO_APPLICATIONS_TO_EXPORT = 'No applications to export with current filters.';

/** The export's request: the ids of the applications shown, in the order shown. */
export const applicationExportSchema = z.object({
  ids: z
    .array(idSchema('Each id must be a job application id'), {
      error: 'ids must be a list of job application ids',
    })
    .min(1, NO_APPLICATIONS_TO_EXPORT)
    .max(5000, 'At most 5000 applications can be exported at once'),
});
export type ApplicationExportRequest = z.input<typeof applicationExportSchema>;
