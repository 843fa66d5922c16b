import { ConflictError, NotFoundError } from '@kw/platform';
import type { SpamVerdict } from '@kw/platform/http';
import type {
  ApplicationFields,
  ApplicationStatus,
  JobCategoryFields,
  JobFields,
} from './contract.ts';
import { MARKED_AS_SPAM_REASON } from './contract.ts';
import type {
  AdminNotifiedOfApplication,
  ApplicationAcknowledged,
  ApplicationEvent,
  ApplicationSubmitted,
  JobCategoryEvent,
  JobContent,
  JobEvent,
  RejectionEmailSent,
} from './events.ts';
import type { ApplicationState, CategoryState, JobState } from './state.ts';

// Pure decisions: given what happened and what is asked, which events follow.

export const JOB_NOT_FOUND = 'Job not found';
export const JOB_NOT_OPEN = 'This position is no longer accepting applications';
export const CATEGORY_NOT_FOUND = 'Job category not found';
export const APPLICATION_NOT_FOUND = 'Job application not found';

export function createCategory(categoryId: string, fields: JobCategoryFields): JobCategoryEvent[] {
  return [{ type: 'JobCategoryCreated', data: { categoryId, ...fields } }];
}

export function updateCategory(
  state: CategoryState,
  categoryId: string,
  fields: JobCategoryFields,
): JobCategoryEvent[] {
  if (!state.exists || !state.category) throw new NotFoundError(CATEGORY_NOT_FOUND);
  const next = { categoryId, ...fields };
  if (sameFields(state.category, next)) return [];
  return [{ type: 'JobCategoryUpdated', data: next }];
}

export function deleteCategory(state: CategoryState, categoryId: string): JobCategoryEvent[] {
  if (!state.exists) throw new NotFoundError(CATEGORY_NOT_FOUND);
  return [{ type: 'JobCategoryDeleted', data: { categoryId } }];
}

/** The job's fields as stored: the description already turned into safe HTML. */
export type JobFieldsWithHtml = Omit<JobFields, 'description'> & { description: string };

function contentOf(jobId: string, fields: JobFieldsWithHtml): JobContent {
  const { isPublished: _p, isActive: _a, ...content } = fields;
  return { jobId, ...content };
}

export function createJob(jobId: string, fields: JobFieldsWithHtml): JobEvent[] {
  const events: JobEvent[] = [{ type: 'JobCreated', data: contentOf(jobId, fields) }];
  // A new job starts as an active draft; the form's switches say what changes from there.
  if (fields.isPublished) events.push({ type: 'JobPublished', data: { jobId } });
  if (!fields.isActive) events.push({ type: 'JobDeactivated', data: { jobId } });
  return events;
}

export function updateJob(state: JobState, jobId: string, fields: JobFieldsWithHtml): JobEvent[] {
  if (!state.exists || !state.content) throw new NotFoundError(JOB_NOT_FOUND);
  const events: JobEvent[] = [];
  const content = contentOf(jobId, fields);
  if (!sameFields(state.content, content)) events.push({ type: 'JobUpdated', data: content });
  if (fields.isPublished !== state.isPublished)
    events.push({ type: fields.isPublished ? 'JobPublished' : 'JobUnpublished', data: { jobId } });
  if (fields.isActive !== state.isActive)
    events.push({ type: fields.isActive ? 'JobActivated' : 'JobDeactivated', data: { jobId } });
  return events;
}

export function deleteJob(state: JobState, jobId: string): JobEvent[] {
  if (!state.exists) throw new NotFoundError(JOB_NOT_FOUND);
  return [{ type: 'JobDeleted', data: { jobId } }];
}

/** Whether a visitor may apply: the job must exist and be published (404), and active (409). */
export function assertJobOpen(state: JobState): JobContent {
  if (!state.exists || !state.content || !state.isPublished) throw new NotFoundError(JOB_NOT_FOUND);
  if (!state.isActive) throw new ConflictError(JOB_NOT_OPEN);
  return state.content;
}

export interface StoredResume {
  filename: string;
  originalName: string;
  mimeType: string;
  size: number;
}

export function submitApplication(
  job: JobState,
  applicationId: string,
  fields: ApplicationFields,
  resume: StoredResume,
  visitor: { ip: string; userAgent: string },
): [ApplicationSubmitted] {
  const content = assertJobOpen(job);
  return [
    {
      type: 'ApplicationSubmitted',
      data: {
        applicationId,
        jobId: content.jobId,
        jobTitle: content.title,
        firstName: fields.firstName,
        lastName: fields.lastName,
        email: fields.email,
        phone: fields.phone,
        coverLetter: fields.coverLetter,
        resumeFilename: resume.filename,
        resumeOriginalName: resume.originalName,
        resumeMimeType: resume.mimeType,
        resumeSize: resume.size,
        ipAddress: visitor.ip,
        userAgent: visitor.userAgent,
      },
    },
  ];
}

/** Any status from any status (admin.md §4); asking for the current one changes nothing. */
export function changeApplicationStatus(
  state: ApplicationState,
  applicationId: string,
  status: ApplicationStatus,
  notes: string,
): ApplicationEvent[] {
  if (!state.exists) throw new NotFoundError(APPLICATION_NOT_FOUND);
  if (status === state.status) return [];
  if (status === 'rejected')
    return [{ type: 'ApplicationRejected', data: { applicationId, notes } }];
  return [{ type: 'ApplicationStatusChanged', data: { applicationId, status, notes } }];
}

/** The intake verdict of a new application, as its own fact beside ApplicationSubmitted. */
export function flagApplicationOnIntake(
  applicationId: string,
  verdict: SpamVerdict,
): ApplicationEvent[] {
  if (!verdict.isSpam) return [];
  return [
    {
      type: 'ApplicationMarkedSpam',
      data: { applicationId, reason: verdict.reason ?? MARKED_AS_SPAM_REASON, automatic: true },
    },
  ];
}

/** The administrator flags an application by hand; one already flagged stays as it is. */
export function markApplicationSpam(
  state: ApplicationState,
  applicationId: string,
): ApplicationEvent[] {
  if (!state.exists) throw new NotFoundError(APPLICATION_NOT_FOUND);
  if (state.isSpam) return [];
  return [
    {
      type: 'ApplicationMarkedSpam',
      data: { applicationId, reason: MARKED_AS_SPAM_REASON, automatic: false },
    },
  ];
}

/** The administrator reverses a spam verdict (a false positive). */
export function unmarkApplicationSpam(
  state: ApplicationState,
  applicationId: string,
): ApplicationEvent[] {
  if (!state.exists) throw new NotFoundError(APPLICATION_NOT_FOUND);
  if (!state.isSpam) return [];
  return [{ type: 'ApplicationUnmarkedSpam', data: { applicationId } }];
}

export function deleteApplication(
  state: ApplicationState,
  applicationId: string,
): ApplicationEvent[] {
  if (!state.exists) throw new NotFoundError(APPLICATION_NOT_FOUND);
  return [{ type: 'ApplicationDeleted', data: { applicationId } }];
}

/**
 * The rejection e-mail still owed for the rejection at `rejectionVersion`: none when it has
 * gone out already, the application was deleted, or it is no longer rejected.
 */
export function rejectionEmailOwed(
  state: ApplicationState,
  rejectionVersion: number,
): ApplicationSubmitted['data'] | undefined {
  if (!state.exists || !state.submitted) return undefined;
  if (state.emailedRejections.has(rejectionVersion)) return undefined;
  if (state.status !== 'rejected' || state.rejectionVersion !== rejectionVersion) return undefined;
  return state.submitted;
}

export type ArrivalEmail = 'acknowledgement' | 'admin-notification';

/**
 * The application an arrival e-mail is still owed for: none once it has gone out, nor for an
 * application deleted meanwhile or flagged as spam (a spammer gets no e-mail, the
 * administrator no noise).
 */
export function arrivalEmailOwed(
  state: ApplicationState,
  kind: ArrivalEmail,
): ApplicationSubmitted['data'] | undefined {
  if (!state.exists || !state.submitted || state.isSpam) return undefined;
  const sent = kind === 'acknowledgement' ? state.acknowledged : state.adminNotified;
  return sent ? undefined : state.submitted;
}

export function recordArrivalEmail(
  applicationId: string,
  kind: ArrivalEmail,
  messageId: string,
  to: string,
): [ApplicationAcknowledged | AdminNotifiedOfApplication] {
  const data = { applicationId, messageId, to };
  return kind === 'acknowledgement'
    ? [{ type: 'ApplicationAcknowledged', data }]
    : [{ type: 'AdminNotifiedOfApplication', data }];
}

export function recordRejectionEmail(
  applicationId: string,
  rejectionVersion: number,
  messageId: string,
  to: string,
): [RejectionEmailSent] {
  return [{ type: 'RejectionEmailSent', data: { applicationId, rejectionVersion, messageId, to } }];
}

function sameFields(a: object, b: object): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys)
    if ((a as Record<string, unknown>)[key] !== (b as Record<string, unknown>)[key]) return false;
  return true;
}
