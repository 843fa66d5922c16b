import {
  ConflictError,
  commandHandler,
  type DeletedItem,
  digestScheduled,
  digestSent,
  type EventStore,
  emptyNoticeWindow,
  NotFoundError,
  type NoticeItem,
  type NoticeKind,
  type NoticeMode,
  type NoticeWindow,
  type NoticeWindowState,
  noticeCounted,
  noticeKindOf,
  noticesToldSeparately,
  noticeTags,
  type OwedDigest,
  type OwedMail,
  owedScreenedNotice,
  owedScreenedNoticeMail,
  recentlyDeleted,
  type ScreenedItem,
  ValidationError,
} from '@kw/platform';
import {
  assessIntake,
  dayIn,
  type IntakeFacts,
  type IntakeVerdict,
  judgeIntake,
  SPAM_REASONS,
  SPAM_RULES,
  type SpamVerdict,
} from '@kw/platform/http';
import { BUSINESS_TIME_ZONE } from '@kw/site';
import type {
  ApplicationBulkAction,
  ApplicationFields,
  ApplicationIntakeSignals,
  ApplicationStatus,
  JobCategoryFields,
  JobFields,
} from './contract.ts';
import {
  applicationsClosed,
  MARKED_AS_SPAM_REASON,
  SELECT_CATEGORY_MESSAGE,
  uniqueJobSlug,
} from './contract.ts';
import { withSafeRichText } from './description.ts';
import {
  type AdminNotifiedOfApplication,
  type ApplicationAcknowledged,
  type ApplicationDigestSent,
  type ApplicationEvent,
  type ApplicationExportEvent,
  type ApplicationNoticeEvent,
  type ApplicationNoticeQueued,
  type ApplicationSubmitted,
  type applicationEventSchemas,
  applicationEvents,
  applicationExportEvents,
  applicationNoticeEvents,
  type JobCategoryData,
  type JobCategoryEvent,
  type JobContent,
  type JobEvent,
  jobCategoryEvents,
  jobEvents,
  jobStream,
  type RejectionEmailSent,
} from './events.ts';
import {
  acknowledgementEmail,
  adminNotificationEmail,
  heldNotificationEmail,
  rejectionEmail,
  rejectionMessageId,
} from './mails.ts';

// Each stream folded into what a decision needs to know, and the pure decisions: given what
// happened and what is asked, which events follow. Routes and jobs call them through the
// command handlers below.

export const JOB_NOT_FOUND = 'Job not found';
export const JOB_NOT_OPEN = 'This position is no longer accepting applications';
/** Applying after the job's closing date (a 409). */
export const applicationsClosedMessage = (closedAt: string): string =>
  `Applications for this position closed on ${dayIn(BUSINESS_TIME_ZONE, new Date(closedAt))}: it is no longer accepting applications.`;
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
  /** Deleted, and when (null in a spec's events, which carry no time). */
  deleted?: { at: string | null; version: number };
  version?: number;
  /** Its page's address, once given (JobSlugAssigned). */
  slug: string | null;
}

/** How long a deleted job can be brought back from "Recently deleted". */
export const JOB_RESTORE_DAYS = 30;

export const handleJob = commandHandler({
  events: jobEvents,
  initialState: (): JobState => ({
    exists: false,
    isPublished: false,
    isActive: true,
    slug: null,
  }),
  evolve(state, event): JobState {
    const version = (state.version ?? 0) + 1;
    const next = evolveJob(state, event);
    if (event.type === 'JobDeleted') {
      const at =
        'occurredAt' in event && event.occurredAt instanceof Date ? event.occurredAt : null;
      return { ...next, version, deleted: { at: at?.toISOString() ?? null, version } };
    }
    const { deleted: _gone, ...live } = next;
    return { ...live, version };
  },
});

function evolveJob(state: JobState, event: JobEvent): JobState {
  switch (event.type) {
    case 'JobRestored': {
      const { fromVersion: _from, ...content } = event.data;
      return { ...state, exists: true, content, isPublished: false, isActive: true };
    }
    case 'JobCreated':
      // A new job starts as an active draft.
      return {
        ...state,
        exists: true,
        content: withCloseDate(event.data),
        isPublished: false,
        isActive: true,
      };
    case 'JobUpdated':
      return { ...state, content: withCloseDate(event.data) };
    case 'JobSlugAssigned':
      return { ...state, slug: event.data.slug };
    case 'JobPublished':
    case 'JobUnpublished':
      return { ...state, isPublished: event.type === 'JobPublished' };
    case 'JobActivated':
    case 'JobDeactivated':
      return { ...state, isActive: event.type === 'JobActivated' };
    case 'JobDeleted':
      return { ...state, exists: false };
  }
}

/**
 * A deleted job back as it was before its deletion, for 30 days, as an active draft; a
 * category deleted meanwhile leaves it uncategorised, as the deletion left the others.
 */
export function restoreJob(
  state: JobState,
  jobId: string,
  now: Date,
  categoryKnown: (categoryId: string) => boolean,
): JobEvent[] {
  if (!state.content) throw new NotFoundError(JOB_NOT_FOUND);
  if (!state.deleted) throw new ConflictError('This job is not deleted');
  const at = state.deleted.at;
  if (at && now.getTime() - new Date(at).getTime() > JOB_RESTORE_DAYS * 86_400_000)
    throw new NotFoundError(
      `Job was deleted more than ${JOB_RESTORE_DAYS} days ago and can no longer be restored`,
    );
  const { categoryId } = state.content;
  return [
    {
      type: 'JobRestored',
      data: {
        ...state.content,
        jobId,
        categoryId: categoryId && categoryKnown(categoryId) ? categoryId : null,
        fromVersion: state.deleted.version - 1,
      },
    },
    // Its page comes back at the address it had (the deletion took its row, slug and all).
    ...(state.slug
      ? [{ type: 'JobSlugAssigned' as const, data: { jobId, slug: state.slug } }]
      : []),
  ];
}

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

/** Events written before jobs had a closing date have none. */
const withCloseDate = (content: JobContent): JobContent => ({
  ...content,
  applicationsCloseAt: content.applicationsCloseAt ?? null,
});

function contentOf(jobId: string, fields: JobFieldsWithHtml): JobContent {
  const { isPublished: _p, isActive: _a, ...content } = fields;
  return { jobId, ...content };
}

/**
 * A job's slug, once: from its title, unique among `taken` (the other jobs' slugs). A job that
 * has one keeps it whatever its title becomes, so its address never changes.
 */
export function assignJobSlug(
  state: JobState,
  jobId: string,
  title: string,
  taken: ReadonlySet<string>,
): JobEvent[] {
  if (state.slug !== null) return [];
  return [{ type: 'JobSlugAssigned', data: { jobId, slug: uniqueJobSlug(title, taken) } }];
}

/** A job made before jobs had slugs gets one (the upgrade run by `make migrate`). */
export function upgradeJobSlug(
  state: JobState,
  jobId: string,
  taken: ReadonlySet<string>,
): JobEvent[] {
  if (!state.exists || !state.content) return [];
  return assignJobSlug(state, jobId, state.content.title, taken);
}

export function createJob(
  jobId: string,
  fields: JobFieldsWithHtml,
  categoryKnown: boolean,
  takenSlugs: ReadonlySet<string> = new Set(),
): JobEvent[] {
  checkCategory(categoryKnown);
  const events: JobEvent[] = [
    { type: 'JobCreated', data: contentOf(jobId, fields) },
    ...assignJobSlug(
      { exists: false, isPublished: false, isActive: true, slug: null },
      jobId,
      fields.title,
      takenSlugs,
    ),
  ];
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
  takenSlugs: ReadonlySet<string> = new Set(),
): JobEvent[] {
  if (!state.exists || !state.content) throw new NotFoundError(JOB_NOT_FOUND);
  checkCategory(categoryKnown);
  const events: JobEvent[] = [];
  const content = contentOf(jobId, fields);
  if (!sameFields(state.content, content)) events.push({ type: 'JobUpdated', data: content });
  // A job from before slugs gets its own with its first edit (the upgrade gives the others one).
  events.push(...assignJobSlug(state, jobId, fields.title, takenSlugs));
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

/**
 * Whether a visitor may apply at `now`: the job must exist and be published (404), active and
 * before its closing date (409).
 */
export function assertJobOpen(state: JobState, now: Date): JobContent {
  if (!state.exists || !state.content || !state.isPublished) throw new NotFoundError(JOB_NOT_FOUND);
  if (!state.isActive) throw new ConflictError(JOB_NOT_OPEN);
  const closesAt = state.content.applicationsCloseAt ?? null;
  if (closesAt !== null && applicationsClosed(closesAt, now))
    throw new ConflictError(applicationsClosedMessage(closesAt));
  return state.content;
}

/**
 * The job a visitor applies for, read and folded, refused unless it takes applications at
 * `now` (see assertJobOpen): what the application's decision needs of it.
 */
export async function openJob(store: EventStore, jobId: string, now: Date): Promise<JobState> {
  const job = handleJob.fold(await store.readStream(jobStream(jobId)));
  assertJobOpen(job, now);
  return job;
}

/** Jobs deleted in the last 30 days and still deleted, newest deletion first. */
export function recentlyDeletedJobs(store: EventStore, now: Date): Promise<DeletedItem[]> {
  return recentlyDeleted(
    store,
    {
      deletedType: 'JobDeleted',
      streamPrefix: 'job',
      fold: handleJob.fold,
      describeDeleted: (job) =>
        job.deleted && job.content ? { title: job.content.title, slug: '' } : null,
    },
    now,
  );
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
  /** The arrival e-mails that have gone out (`adminNotified`: the usual notice, not the held one). */
  acknowledged: boolean;
  adminNotified: boolean;
  /** How ADMIN_EMAIL hears of it, per notice (`new`, `held`): on its own or in a digest. */
  notices: Partial<Record<NoticeKind, NoticeMode>>;
  /** ADMIN_EMAIL's e-mails of its own sent, per notice. */
  notified: Partial<Record<NoticeKind, true>>;
  isSpam: boolean;
  spamReason: string | null;
  /** Held for review: only its speed looked automated. No e-mail goes out until it is released. */
  held: boolean;
  heldReason: string | null;
}

export const handleApplication = commandHandler({
  events: applicationEvents,
  initialState: (): ApplicationState => ({
    exists: false,
    status: 'new',
    emailedRejections: new Set(),
    acknowledged: false,
    adminNotified: false,
    notices: {},
    notified: {},
    isSpam: false,
    spamReason: null,
    held: false,
    heldReason: null,
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
      case 'AdminNotifiedOfApplication': {
        const kind: NoticeKind = event.data.held ? 'held' : 'new';
        return {
          ...state,
          notified: { ...state.notified, [kind]: true },
          adminNotified: state.adminNotified || kind === 'new',
        };
      }
      case 'ApplicationMarkedSpam':
        // A verdict: no longer waiting for one.
        return {
          ...state,
          isSpam: true,
          spamReason: event.data.reason,
          held: false,
          heldReason: null,
        };
      case 'ApplicationUnmarkedSpam':
        return { ...state, isSpam: false, spamReason: null };
      case 'ApplicationHeld':
        return { ...state, held: true, heldReason: event.data.reason };
      case 'ApplicationReleased':
        return { ...state, held: false, heldReason: null };
      case 'ApplicationDeleted':
        return { ...state, exists: false };
      case 'ApplicationNoticeQueued':
        return {
          ...state,
          notices: { ...state.notices, [event.data.kind ?? 'new']: event.data.mode },
        };
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
  now: Date,
): [ApplicationSubmitted] {
  const content = assertJobOpen(job, now);
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
 * What the intake checks shared with the contact and newsletter forms look at, on one
 * application at `now`: the honeypot, how long the form was open, the links in the cover letter,
 * and how often this address sent the same cover letter since `burstWindowStart(now)`.
 */
function applicationFacts(
  signals: ApplicationIntakeSignals,
  coverLetter: string,
  sameCoverLetterFromIpRecently: number,
  now: Date,
): IntakeFacts {
  return {
    honeypotFilled: signals.website.trim() !== '',
    elapsedMs: signals.startedAt ? now.getTime() - Date.parse(signals.startedAt) : undefined,
    text: coverLetter,
    sameTextFromIpRecently: sameCoverLetterFromIpRecently,
  };
}

/** The intake rules' plain verdict: does it look automated, and why. */
export function assessApplication(
  signals: ApplicationIntakeSignals,
  coverLetter: string,
  sameCoverLetterFromIpRecently: number,
  now: Date,
): SpamVerdict {
  return assessIntake(applicationFacts(signals, coverLetter, sameCoverLetterFromIpRecently, now));
}

/**
 * The verdict an application gets at intake (platform's `judgeIntake`, as the contact form's):
 * one whose only sign of a bot is its speed is held for review rather than flagged as spam.
 */
export function judgeApplication(
  signals: ApplicationIntakeSignals,
  coverLetter: string,
  sameCoverLetterFromIpRecently: number,
  now: Date,
): IntakeVerdict {
  return judgeIntake(applicationFacts(signals, coverLetter, sameCoverLetterFromIpRecently, now));
}

/**
 * The intake verdict of a new application, as its own fact beside ApplicationSubmitted: held
 * for review (only too fast), flagged as spam, or nothing.
 */
export function flagApplicationOnIntake(
  applicationId: string,
  verdict: IntakeVerdict,
): ApplicationEvent[] {
  if (verdict.held)
    return [
      {
        type: 'ApplicationHeld',
        data: { applicationId, reason: verdict.reason ?? SPAM_REASONS.tooFast },
      },
    ];
  if (!verdict.isSpam) return [];
  return [
    {
      type: 'ApplicationMarkedSpam',
      data: { applicationId, reason: verdict.reason ?? MARKED_AS_SPAM_REASON, automatic: true },
    },
  ];
}

/**
 * An application as it arrives: submitted (refused for a job that is not open), and held or
 * flagged at once as the intake checks say. The applicant gets the same answer either way.
 */
export function receiveApplication(
  job: JobState,
  applicationId: string,
  fields: ApplicationFields,
  resume: StoredResume,
  visitor: { ip: string; userAgent: string },
  verdict: IntakeVerdict,
  now: Date,
): ApplicationEvent[] {
  return [
    ...submitApplication(job, applicationId, fields, resume, visitor, now),
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

/**
 * The administrator's 'Not spam': reverses a spam verdict (a false positive), or releases one
 * held for review (its e-mails follow).
 */
export function unmarkApplicationSpam(
  state: ApplicationState,
  applicationId: string,
): ApplicationEvent[] {
  if (!state.exists) throw new NotFoundError(APPLICATION_NOT_FOUND);
  if (state.held) return [{ type: 'ApplicationReleased', data: { applicationId } }];
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
 * administrator no noise), nor while it is held for review (the release owes them).
 */
export function arrivalEmailOwed(
  state: ApplicationState,
  kind: ArrivalEmail,
): ApplicationSubmitted['data'] | undefined {
  if (!state.exists || !state.submitted || state.isSpam || state.held) return undefined;
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
 * one; it mentions the `held` applications waiting for review), if still owed.
 */
export function arrivalEmailDue(
  state: ApplicationState,
  kind: ArrivalEmail,
  options: { publicUrl: string; adminEmail?: string | undefined; held?: number },
): OwedApplicationMail | null {
  const application = arrivalEmailOwed(state, kind);
  if (!application) return null;
  const { publicUrl, adminEmail, held = 0 } = options;
  let mail: ReturnType<typeof acknowledgementEmail>;
  if (kind === 'acknowledgement') mail = acknowledgementEmail(application, { publicUrl });
  else if (adminEmail)
    mail = adminNotificationEmail(application, { publicUrl, to: adminEmail, held });
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

/** An application as platform's notice decisions see it. */
const screened = (state: ApplicationState): ScreenedItem => ({
  tellable: state.exists && Boolean(state.submitted) && !state.isSpam,
  held: state.held,
  notices: state.notices,
  notified: state.notified,
});

/**
 * The administrator's notice of an application is queued once per kind, gathered in the round
 * of `window`: `held` while it is held for review, `new` for a real one (a released one
 * included); none without ADMIN_EMAIL, for spam, a deleted application, or one already told
 * (before notices were queued).
 */
export function queueApplicationNotice(
  state: ApplicationState,
  adminEmail: string | undefined,
  window: NoticeWindow,
): ApplicationNoticeQueued[] {
  const kind = adminEmail ? owedScreenedNotice(screened(state)) : null;
  if (!kind) return [];
  const applicationId = state.submitted!.applicationId;
  return [
    {
      type: 'ApplicationNoticeQueued',
      data: {
        applicationId,
        mode: 'gathered',
        window: window.id,
        ...(kind === 'held' ? { kind } : {}),
      },
    },
  ];
}

/**
 * The window's record of queued notices (counted at `at`, one event for a batch), and the
 * round they open, due at `dueAt`, if they are its first.
 */
export function countApplicationNotices(
  queued: readonly ApplicationNoticeQueued[],
  at: Date,
  dueAt: Date | null,
): ApplicationNoticeEvent[] {
  const [first] = queued;
  if (!first) return [];
  const events: ApplicationNoticeEvent[] = [
    {
      type: 'ApplicationNoticesCounted',
      data: {
        notices: queued.map(({ data: { applicationId, mode, kind } }) => ({
          applicationId,
          mode,
          ...(kind ? { kind } : {}),
        })),
        at: at.toISOString(),
      },
    },
  ];
  if (dueAt)
    events.push({
      type: 'ApplicationDigestScheduled',
      data: { window: first.data.window, dueAt: dueAt.toISOString(), at: at.toISOString() },
    });
  return events;
}

/** The round, still due while notices came, put off until `dueAt`. */
export function putOffApplicationRound(
  window: string,
  dueAt: Date,
  at: Date,
): ApplicationNoticeEvent[] {
  return [
    {
      type: 'ApplicationDigestScheduled',
      data: { window, dueAt: dueAt.toISOString(), at: at.toISOString() },
    },
  ];
}

/** The round settled with these few told one by one (their e-mails follow). */
export function recordApplicationsToldSeparately(
  window: string,
  items: readonly NoticeItem[],
  at: Date,
): ApplicationNoticeEvent[] {
  return [
    {
      type: 'ApplicationNoticesToldSeparately',
      data: {
        window,
        at: at.toISOString(),
        notices: items.map((item) => ({ applicationId: item.id, kind: noticeKindOf(item) })),
      },
    },
  ];
}

/**
 * The administrator's e-mail of its own, owed only for a notice its round told one by one
 * (`toldSeparately`: the kind it told) or an older window queued to go alone: the held one (it
 * waits for review, with the link) while the application is held, the usual one after. `held`
 * is how many applications wait for review, for the usual one to mention.
 */
export function adminNotificationDue(
  state: ApplicationState,
  options: {
    publicUrl: string;
    adminEmail?: string | undefined;
    held?: number;
    toldSeparately?: NoticeKind | undefined;
  },
): OwedApplicationMail | null {
  const { adminEmail, publicUrl } = options;
  const kind = adminEmail ? owedScreenedNoticeMail(screened(state), options.toldSeparately) : null;
  if (!kind || !adminEmail || !state.submitted) return null;
  if (kind === 'new') return arrivalEmailDue(state, 'admin-notification', options);
  const mail = heldNotificationEmail(state.submitted, state.heldReason ?? SPAM_REASONS.tooFast, {
    publicUrl,
    to: adminEmail,
  });
  const { applicationId } = state.submitted;
  return {
    mail,
    recorded: [
      {
        type: 'AdminNotifiedOfApplication',
        data: { applicationId, messageId: mail.messageId, to: mail.to, held: true },
      },
    ],
  };
}

/** A notices window's stream folded: platform's window state. */
export const handleApplicationNotices = commandHandler({
  events: applicationNoticeEvents,
  initialState: emptyNoticeWindow,
  evolve(state, event): NoticeWindowState {
    switch (event.type) {
      case 'ApplicationNoticesCounted':
        return event.data.notices.reduce(
          (counted, notice) =>
            noticeCounted(counted, {
              id: notice.applicationId,
              mode: notice.mode,
              tags: noticeTags(notice.kind),
              at: event.data.at,
            }),
          state,
        );
      case 'ApplicationNoticeCounted':
        return noticeCounted(state, {
          id: event.data.applicationId,
          mode: event.data.mode,
          tags: noticeTags(event.data.kind),
          ...(event.data.at ? { at: event.data.at } : {}),
        });
      case 'ApplicationDigestScheduled':
        return digestScheduled(state, event.data.dueAt, event.data.at);
      case 'ApplicationDigestSent':
        return digestSent(state, {
          count: event.data.count,
          tags: event.data.held ? { held: event.data.held } : {},
          at: event.data.at,
        });
      case 'ApplicationNoticesToldSeparately':
        return noticesToldSeparately(state, {
          at: event.data.at,
          items: event.data.notices.map((n) => ({ id: n.applicationId, tags: noticeTags(n.kind) })),
        });
    }
  },
});

/** How a round's digest is recorded, once it is sent to `to` at `at`. */
export function recordApplicationDigest(
  window: string,
  to: string,
  owed: OwedDigest,
  at: Date,
): [ApplicationDigestSent] {
  const held = owed.tags.held ?? 0;
  return [
    {
      type: 'ApplicationDigestSent',
      data: { window, to, count: owed.count, ...(held > 0 ? { held } : {}), at: at.toISOString() },
    },
  ];
}

// ---- Exports: each one recorded for the audit log ----

export const handleApplicationExport = commandHandler({
  events: applicationExportEvents,
  initialState: () => null,
  evolve: (state: null) => state,
});

/** What an export of these applications records. */
export function recordApplicationExport(
  applicationIds: readonly string[],
): ApplicationExportEvent[] {
  return [
    {
      type: 'ApplicationsExported',
      data: { count: applicationIds.length, applicationIds: [...applicationIds] },
    },
  ];
}
