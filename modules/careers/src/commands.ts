import {
  ConflictError,
  type CountedNotice,
  commandHandler,
  digestScheduled,
  digestSent,
  emptyNoticeWindow,
  NotFoundError,
  type NoticeMode,
  type NoticeWindow,
  type NoticeWindowState,
  noticeCounted,
  type OwedDigest,
  type OwedMail,
  ValidationError,
} from '@kw/platform';
import { assessIntake, SPAM_RULES, type SpamVerdict } from '@kw/platform/http';
import type {
  ApplicationBulkAction,
  ApplicationFields,
  ApplicationIntakeSignals,
  ApplicationStatus,
  JobCategoryFields,
  JobFields,
} from './contract.ts';
import { MARKED_AS_SPAM_REASON, SELECT_CATEGORY_MESSAGE } from './contract.ts';
import { withSafeRichText } from './description.ts';
import {
  type AdminNotifiedOfApplication,
  type ApplicationAcknowledged,
  type ApplicationDigestSent,
  type ApplicationEvent,
  type ApplicationNoticeEvent,
  type ApplicationNoticeQueued,
  type ApplicationSubmitted,
  type applicationEventSchemas,
  applicationEvents,
  applicationNoticeEvents,
  type JobCategoryData,
  type JobCategoryEvent,
  type JobContent,
  type JobEvent,
  jobCategoryEvents,
  jobEvents,
  type RejectionEmailSent,
} from './events.ts';
import {
  acknowledgementEmail,
  adminNotificationEmail,
  rejectionEmail,
  rejectionMessageId,
} from './mails.ts';

// Each stream folded into what a decision needs to know, and the pure decisions: given what
// happened and what is asked, which events follow. Routes and jobs call them through the
// command handlers below.

export const JOB_NOT_FOUND = 'Job not found';
export const JOB_NOT_OPEN = 'This position is no longer accepting applications';
export const CATEGORY_NOT_FOUND = 'Job category not found';
export const APPLICATION_NOT_FOUND = 'Job application not found';

// ---- Job categories ----

export interface CategoryState {
  exists: boolean;
  category?: JobCategoryData;
}

export const handleCategory = commandHandler({
  events: jobCategoryEvents,
  initialState: (): CategoryState => ({ exists: false }),
  evolve(_state, event): CategoryState {
    switch (event.type) {
      case 'JobCategoryCreated':
      case 'JobCategoryUpdated':
        return { exists: true, category: event.data };
      case 'JobCategoryDeleted':
        return { exists: false };
    }
  },
});

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

// ---- Jobs ----

export interface JobState {
  exists: boolean;
  content?: JobContent;
  isPublished: boolean;
  isActive: boolean;
}

export const handleJob = commandHandler({
  events: jobEvents,
  initialState: (): JobState => ({ exists: false, isPublished: false, isActive: true }),
  evolve(state, event): JobState {
    switch (event.type) {
      case 'JobCreated':
        // A new job starts as an active draft.
        return { exists: true, content: event.data, isPublished: false, isActive: true };
      case 'JobUpdated':
        return { ...state, content: event.data };
      case 'JobPublished':
      case 'JobUnpublished':
        return { ...state, isPublished: event.type === 'JobPublished' };
      case 'JobActivated':
      case 'JobDeactivated':
        return { ...state, isActive: event.type === 'JobActivated' };
      case 'JobDeleted':
        return { ...state, exists: false };
    }
  },
});

/**
 * The job's fields as stored: the description, requirements, responsibilities and benefits
 * already turned into safe HTML (markdown rendered, one allowlist, no script).
 */
export type JobFieldsWithHtml = JobFields;

export function withHtmlDescription(fields: JobFields): JobFieldsWithHtml {
  return withSafeRichText(fields);
}

/** A job names one of the categories the form offers; `categoryKnown` is whether it still exists. */
function checkCategory(categoryKnown: boolean): void {
  if (!categoryKnown)
    throw new ValidationError([{ path: 'categoryId', message: SELECT_CATEGORY_MESSAGE }]);
}

function contentOf(jobId: string, fields: JobFieldsWithHtml): JobContent {
  const { isPublished: _p, isActive: _a, ...content } = fields;
  return { jobId, ...content };
}

export function createJob(
  jobId: string,
  fields: JobFieldsWithHtml,
  categoryKnown: boolean,
): JobEvent[] {
  checkCategory(categoryKnown);
  const events: JobEvent[] = [{ type: 'JobCreated', data: contentOf(jobId, fields) }];
  // A new job starts as an active draft; the form's switches say what changes from there.
  if (fields.isPublished) events.push({ type: 'JobPublished', data: { jobId } });
  if (!fields.isActive) events.push({ type: 'JobDeactivated', data: { jobId } });
  return events;
}

/** An unknown job is a 404 before its fields are looked at. */
export function updateJob(
  state: JobState,
  jobId: string,
  fields: JobFieldsWithHtml,
  categoryKnown: boolean,
): JobEvent[] {
  if (!state.exists || !state.content) throw new NotFoundError(JOB_NOT_FOUND);
  checkCategory(categoryKnown);
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

// ---- Applications ----

export interface ApplicationState {
  exists: boolean;
  /** What arrived; still known once deleted, so its résumé file can go too. */
  submitted?: ApplicationSubmitted['data'];
  status: ApplicationStatus;
  /** Version of the latest ApplicationRejected, while the application stays rejected. */
  rejectionVersion?: number;
  /** Rejections (by version) whose e-mail has gone out. */
  emailedRejections: ReadonlySet<number>;
  /** The arrival e-mails that have gone out. */
  acknowledged: boolean;
  adminNotified: boolean;
  /** How ADMIN_EMAIL hears of it: on its own or in a digest; null until queued. */
  notice: NoticeMode | null;
  isSpam: boolean;
  spamReason: string | null;
}

export const handleApplication = commandHandler({
  events: applicationEvents,
  initialState: (): ApplicationState => ({
    exists: false,
    status: 'new',
    emailedRejections: new Set(),
    acknowledged: false,
    adminNotified: false,
    notice: null,
    isSpam: false,
    spamReason: null,
  }),
  evolve(state, event): ApplicationState {
    switch (event.type) {
      case 'ApplicationSubmitted':
        return { ...state, exists: true, submitted: event.data, status: 'new' };
      case 'ApplicationStatusChanged': {
        const { rejectionVersion: _, ...rest } = state;
        return { ...rest, status: event.data.status };
      }
      case 'ApplicationRejected':
        return { ...state, status: 'rejected', rejectionVersion: event.version };
      case 'RejectionEmailSent':
        return {
          ...state,
          emailedRejections: new Set([...state.emailedRejections, event.data.rejectionVersion]),
        };
      case 'ApplicationAcknowledged':
        return { ...state, acknowledged: true };
      case 'AdminNotifiedOfApplication':
        return { ...state, adminNotified: true };
      case 'ApplicationMarkedSpam':
        return { ...state, isSpam: true, spamReason: event.data.reason };
      case 'ApplicationUnmarkedSpam':
        return { ...state, isSpam: false, spamReason: null };
      case 'ApplicationDeleted':
        return { ...state, exists: false };
      case 'ApplicationNoticeQueued':
        return { ...state, notice: event.data.mode };
    }
  },
});

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

/** Where the burst check starts looking back from, at `now`. */
export function burstWindowStart(now: Date): Date {
  return new Date(now.getTime() - SPAM_RULES.burstWindowMs);
}

/**
 * The intake checks shared with the contact and newsletter forms, on one application at `now`:
 * the honeypot, how long the form was open, the links in the cover letter, and how often this
 * address sent the same cover letter since `burstWindowStart(now)`.
 */
export function assessApplication(
  signals: ApplicationIntakeSignals,
  coverLetter: string,
  sameCoverLetterFromIpRecently: number,
  now: Date,
): SpamVerdict {
  return assessIntake({
    honeypotFilled: signals.website.trim() !== '',
    elapsedMs: signals.startedAt ? now.getTime() - Date.parse(signals.startedAt) : undefined,
    text: coverLetter,
    sameTextFromIpRecently: sameCoverLetterFromIpRecently,
  });
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

/**
 * An application as it arrives: submitted (refused for a job that is not open), and flagged at
 * once when the intake checks say spam. The applicant gets the same answer either way.
 */
export function receiveApplication(
  job: JobState,
  applicationId: string,
  fields: ApplicationFields,
  resume: StoredResume,
  visitor: { ip: string; userAgent: string },
  verdict: SpamVerdict,
): ApplicationEvent[] {
  return [
    ...submitApplication(job, applicationId, fields, resume, visitor),
    ...flagApplicationOnIntake(applicationId, verdict),
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

/** One row of a bulk action: the same decision as the row's own menu item. */
export function decideBulkApplication(
  state: ApplicationState,
  applicationId: string,
  action: ApplicationBulkAction,
): ApplicationEvent[] {
  switch (action.action) {
    case 'setStatus':
      return changeApplicationStatus(state, applicationId, action.status, '');
    case 'markSpam':
      return markApplicationSpam(state, applicationId);
    case 'delete':
      return deleteApplication(state, applicationId);
  }
}

// ---- The e-mails the worker sends, each once ----

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

export type OwedApplicationMail = OwedMail<typeof applicationEventSchemas>;

/** The rejection e-mail for the rejection at `rejectionVersion`, with its record, if still owed. */
export function rejectionEmailDue(
  state: ApplicationState,
  rejectionVersion: number,
  publicUrl: string,
): OwedApplicationMail | null {
  const application = rejectionEmailOwed(state, rejectionVersion);
  if (!application) return null;
  const { applicationId, email } = application;
  const messageId = rejectionMessageId(applicationId, rejectionVersion, publicUrl);
  return {
    mail: rejectionEmail(application, { messageId, publicUrl }),
    recorded: recordRejectionEmail(applicationId, rejectionVersion, messageId, email),
  };
}

/**
 * The acknowledgement (to the applicant) or the notification (to ADMIN_EMAIL, none without
 * one), if still owed.
 */
export function arrivalEmailDue(
  state: ApplicationState,
  kind: ArrivalEmail,
  options: { publicUrl: string; adminEmail?: string | undefined },
): OwedApplicationMail | null {
  const application = arrivalEmailOwed(state, kind);
  if (!application) return null;
  const { publicUrl, adminEmail } = options;
  let mail: ReturnType<typeof acknowledgementEmail>;
  if (kind === 'acknowledgement') mail = acknowledgementEmail(application, { publicUrl });
  else if (adminEmail) mail = adminNotificationEmail(application, { publicUrl, to: adminEmail });
  else return null;
  return {
    mail,
    recorded: recordArrivalEmail(application.applicationId, kind, mail.messageId, mail.to),
  };
}

function sameFields(a: object, b: object): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys)
    if ((a as Record<string, unknown>)[key] !== (b as Record<string, unknown>)[key]) return false;
  return true;
}

// ---- ADMIN_EMAIL's notices of applications, coalesced (platform's notices policy) ----

/**
 * The administrator's notice of an application is queued once: none without ADMIN_EMAIL, for
 * spam, a deleted application, or one already told (before notices were queued).
 */
export function queueApplicationNotice(
  state: ApplicationState,
  adminEmail: string | undefined,
  window: NoticeWindow,
  mode: NoticeMode,
): ApplicationNoticeQueued[] {
  if (!adminEmail || state.notice || !arrivalEmailOwed(state, 'admin-notification')) return [];
  const applicationId = state.submitted!.applicationId;
  return [{ type: 'ApplicationNoticeQueued', data: { applicationId, mode, window: window.id } }];
}

/** The window's record of a queued notice, and the digest it schedules if it is the first. */
export function countApplicationNotice(
  queued: ApplicationNoticeQueued,
  counted: CountedNotice,
): ApplicationNoticeEvent[] {
  const { applicationId, mode, window } = queued.data;
  const events: ApplicationNoticeEvent[] = [
    { type: 'ApplicationNoticeCounted', data: { applicationId, mode } },
  ];
  if (counted.scheduleDigestAt)
    events.push({
      type: 'ApplicationDigestScheduled',
      data: { window, dueAt: counted.scheduleDigestAt.toISOString() },
    });
  return events;
}

/** The administrator's e-mail of its own, owed only for a notice queued to go alone. */
export function adminNotificationDue(
  state: ApplicationState,
  options: { publicUrl: string; adminEmail?: string | undefined },
): OwedApplicationMail | null {
  return state.notice === 'individual'
    ? arrivalEmailDue(state, 'admin-notification', options)
    : null;
}

/** A notices window's stream folded: platform's window state. */
export const handleApplicationNotices = commandHandler({
  events: applicationNoticeEvents,
  initialState: emptyNoticeWindow,
  evolve(state, event): NoticeWindowState {
    switch (event.type) {
      case 'ApplicationNoticeCounted':
        return noticeCounted(state, { id: event.data.applicationId, mode: event.data.mode });
      case 'ApplicationDigestScheduled':
        return digestScheduled(state, event.data.dueAt);
      case 'ApplicationDigestSent':
        return digestSent(state, { count: event.data.count, tags: {} });
    }
  },
});

/** How a window's digest is recorded, once it is sent to `to`. */
export function recordApplicationDigest(
  window: string,
  to: string,
  owed: OwedDigest,
): [ApplicationDigestSent] {
  return [{ type: 'ApplicationDigestSent', data: { window, to, count: owed.count } }];
}
