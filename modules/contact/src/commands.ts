import { randomUUID } from 'node:crypto';
import {
  type AppendGate,
  commandHandler,
  type Db,
  digestScheduled,
  digestSent,
  type EventMetadata,
  type EventStore,
  emptyNoticeWindow,
  NotFoundError,
  type NoticeItem,
  type NoticeMode,
  type NoticeWindow,
  type NoticeWindowState,
  noticeCounted,
  noticeKindOf,
  noticesToldSeparately,
  noticeTags,
  type OwedDigest,
  owedScreenedNotice,
  owedScreenedNoticeMail,
  type ScreenedItem,
} from '@kw/platform';
import {
  elapsedSince,
  forEachId,
  type IntakeVerdict,
  judgeIntake,
  RepeatedTextMemory,
  SPAM_REASONS,
  SPAM_RULES,
  type Visitor,
} from '@kw/platform/http';
import {
  type ContactBulkAction,
  type ContactMessage,
  type ContactPriority,
  type ContactStatus,
  type ContactUpdate,
  MARKED_AS_SPAM_REASON,
  type NoticeKind,
} from './contract.ts';
import {
  type AdminNotifiedOfContact,
  type ContactDigestSent,
  type ContactEvent,
  type ContactExportEvent,
  type ContactNoticeQueued,
  type ContactReceived,
  type ContactSubmissionEnriched,
  type ContactSubmissionUpdated,
  contactEvents,
  contactExportEvents,
  contactStream,
} from './events.ts';

/** What the decisions need to know about one submission. */
export interface ContactState {
  exists: boolean;
  deleted: boolean;
  status: ContactStatus;
  priority: ContactPriority;
  processed: boolean;
  isSpam: boolean;
  spamReason: string | null;
  responseNotes: string | null;
  respondedAt: string | null;
  enriched: boolean;
  /** Held for review: only its speed looked automated. */
  held: boolean;
  heldReason: string | null;
  /** How the owner hears of it, per notice: queued on its own or for a digest. */
  notices: Partial<Record<NoticeKind, NoticeMode>>;
  /** The e-mails of its own sent, per notice. */
  notified: Partial<Record<NoticeKind, true>>;
  /** The usual notice (`new`) went out in an e-mail of its own. */
  adminNotified: boolean;
}

export const contactDecider = {
  events: contactEvents,
  initialState: (): ContactState => ({
    exists: false,
    deleted: false,
    status: 'new',
    priority: 'medium',
    processed: false,
    isSpam: false,
    spamReason: null,
    responseNotes: null,
    respondedAt: null,
    enriched: false,
    held: false,
    heldReason: null,
    notices: {},
    notified: {},
    adminNotified: false,
  }),
  evolve(state: ContactState, event: ContactEvent): ContactState {
    switch (event.type) {
      case 'ContactReceived':
        return { ...state, exists: true };
      case 'ContactNewsletterRequested':
        return state;
      case 'ContactSubmissionEnriched':
        return { ...state, enriched: true };
      case 'ContactSubmissionUpdated':
        return { ...state, ...event.data.changes };
      case 'ContactMarkedProcessed':
        return {
          ...state,
          processed: true,
          status: 'responded',
          respondedAt: event.data.respondedAt,
        };
      case 'ContactMarkedSpam':
        // A verdict: no longer waiting for one.
        return {
          ...state,
          isSpam: true,
          spamReason: event.data.reason,
          held: false,
          heldReason: null,
        };
      case 'ContactUnmarkedSpam':
        return { ...state, isSpam: false, spamReason: null };
      case 'ContactHeld':
        return { ...state, held: true, heldReason: event.data.reason };
      case 'ContactReleased':
        return { ...state, held: false, heldReason: null };
      case 'ContactSubmissionDeleted':
        return { ...state, deleted: true };
      case 'ContactNoticeQueued':
        return { ...state, notices: { ...state.notices, [event.data.kind]: event.data.mode } };
      case 'AdminNotifiedOfContact': {
        const kind: NoticeKind = event.data.held ? 'held' : 'new';
        return {
          ...state,
          notified: { ...state.notified, [kind]: true },
          adminNotified: state.adminNotified || kind === 'new',
        };
      }
      // The notices window's events: not on a submission's stream.
      case 'ContactNoticesCounted':
      case 'ContactNoticeCounted':
      case 'ContactDigestScheduled':
      case 'ContactDigestSent':
      case 'ContactNoticesToldSeparately':
        return state;
    }
  },
};

/** The one command path for a submission's stream. */
export const handleContact = commandHandler(contactDecider);

/** A submission's state after these events (decision specs fold their `given` with it). */
export function contactState(history: readonly ContactEvent[]): ContactState {
  return history.reduce(contactDecider.evolve, contactDecider.initialState());
}

// Pure decisions: given what happened and what is asked, which events follow.

export function receiveContact(
  submissionId: string,
  message: ContactMessage,
  visitor: Visitor,
  verdict: IntakeVerdict = { isSpam: false, reason: null },
): [ContactReceived, ...ContactEvent[]] {
  const received: ContactReceived = {
    type: 'ContactReceived',
    data: {
      submissionId,
      firstName: message.firstName,
      lastName: message.lastName,
      email: message.email,
      phone: message.phone,
      company: message.company,
      service: message.service,
      message: message.message,
      subscribeNewsletter: message.subscribeNewsletter,
      ipAddress: visitor.ip,
      userAgent: visitor.userAgent,
      referer: visitor.referer,
    },
  };
  // The newsletter tick asks for a subscription, unless the message looks like spam.
  const newsletter: ContactEvent[] =
    message.subscribeNewsletter && !verdict.isSpam
      ? [{ type: 'ContactNewsletterRequested', data: { submissionId } }]
      : [];
  if (verdict.held)
    return [
      received,
      {
        type: 'ContactHeld',
        data: { submissionId, reason: verdict.reason ?? SPAM_REASONS.tooFast },
      },
      ...newsletter,
    ];
  if (!verdict.isSpam) return [received, ...newsletter];
  return [
    received,
    {
      type: 'ContactMarkedSpam',
      data: { submissionId, reason: verdict.reason ?? MARKED_AS_SPAM_REASON, automatic: true },
    },
  ];
}

/** Enrichment happens once per submission, however often the job runs. */
export function enrichContact(
  state: ContactState,
  enrichment: ContactSubmissionEnriched['data'],
): ContactEvent[] {
  if (!state.exists || state.enriched) return [];
  return [{ type: 'ContactSubmissionEnriched', data: enrichment }];
}

export const CONTACT_NOT_FOUND = 'Contact submission not found';

function requireLive(state: ContactState): void {
  if (!state.exists || state.deleted) throw new NotFoundError(CONTACT_NOT_FOUND);
}

/**
 * The administrator's PATCH (admin.md §4): setting responded stamps respondedAt; processed
 * together with responded is the quick 'mark processed'; isSpam true records a reason
 * ('Marked as spam' unless one is given). Fields that do not change produce nothing.
 */
export function updateContact(
  submissionId: string,
  state: ContactState,
  patch: ContactUpdate,
  now: Date,
): ContactEvent[] {
  requireLive(state);
  const events: ContactEvent[] = [];
  const changes: ContactSubmissionUpdated['data']['changes'] = {};
  let respondedAt = patch.respondedAt;
  const becomesResponded = patch.status === 'responded' && state.status !== 'responded';
  if (becomesResponded && respondedAt === undefined && !state.respondedAt)
    respondedAt = now.toISOString();

  if (patch.processed === true && !state.processed) {
    events.push({
      type: 'ContactMarkedProcessed',
      data: { submissionId, respondedAt: respondedAt ?? state.respondedAt ?? now.toISOString() },
    });
    // Marking processed already sets status responded and the time.
    if (patch.status !== undefined && patch.status !== 'responded') changes.status = patch.status;
  } else {
    if (patch.processed === false && state.processed) changes.processed = false;
    if (patch.status !== undefined && patch.status !== state.status) changes.status = patch.status;
    if (respondedAt !== undefined && respondedAt !== state.respondedAt)
      changes.respondedAt = respondedAt;
  }
  if (patch.priority !== undefined && patch.priority !== state.priority)
    changes.priority = patch.priority;
  if (patch.responseNotes !== undefined && patch.responseNotes !== state.responseNotes)
    changes.responseNotes = patch.responseNotes;
  if (Object.keys(changes).length > 0)
    events.push({ type: 'ContactSubmissionUpdated', data: { submissionId, changes } });

  if (patch.isSpam === true) {
    const reason = patch.spamReason?.trim() || MARKED_AS_SPAM_REASON;
    if (!state.isSpam || reason !== state.spamReason)
      events.push({ type: 'ContactMarkedSpam', data: { submissionId, reason, automatic: false } });
  } else if (patch.isSpam === false && state.held) {
    // Released: not spam, and the owner's notice is owed.
    events.push({ type: 'ContactReleased', data: { submissionId } });
  } else if (patch.isSpam === false && state.isSpam) {
    events.push({ type: 'ContactUnmarkedSpam', data: { submissionId } });
  } else if (patch.isSpam === undefined && patch.spamReason && state.isSpam) {
    events.push({
      type: 'ContactMarkedSpam',
      data: { submissionId, reason: patch.spamReason.trim(), automatic: false },
    });
  }
  return events;
}

export function deleteContact(submissionId: string, state: ContactState): ContactEvent[] {
  requireLive(state);
  return [{ type: 'ContactSubmissionDeleted', data: { submissionId } }];
}

/**
 * One row of a bulk action: the same decision as the row's own button (mark processed, mark
 * spam with the quick reason, the edit form's status, delete).
 */
export function decideBulkContact(
  submissionId: string,
  state: ContactState,
  action: ContactBulkAction,
  now: Date,
): ContactEvent[] {
  switch (action.action) {
    case 'markProcessed':
      return updateContact(submissionId, state, { processed: true, status: 'responded' }, now);
    case 'markSpam':
      return updateContact(submissionId, state, { isSpam: true }, now);
    case 'setStatus':
      return updateContact(submissionId, state, { status: action.status }, now);
    case 'delete':
      return deleteContact(submissionId, state);
  }
}

/**
 * The administrator hears of each real enquiry once; spam, held (until released) and deleted
 * ones are skipped.
 */
export function shouldNotifyAdmin(state: ContactState, adminEmail: string | undefined): boolean {
  return (
    Boolean(adminEmail) &&
    state.exists &&
    !state.deleted &&
    !state.isSpam &&
    !state.held &&
    !state.adminNotified
  );
}

/** The record of the administrator's notification, when one is owed. */
export function notifyAdmin(
  submissionId: string,
  state: ContactState,
  adminEmail: string | undefined,
): AdminNotifiedOfContact[] {
  if (!adminEmail || !shouldNotifyAdmin(state, adminEmail)) return [];
  return [{ type: 'AdminNotifiedOfContact', data: { submissionId, to: adminEmail } }];
}

// The owner's notices, coalesced (platform's notices policy): each submission's notice is
// queued on its own stream (so a second run never counts it twice) and counted in the window's
// stream, in one transaction under the window's lock.

/**
 * The notice the owner is owed and not yet queued: `held` for a submission held for review,
 * `new` for a real one (a released one included); none for spam or a deleted one.
 */
export function owedNotice(state: ContactState, adminEmail: string | undefined): NoticeKind | null {
  return adminEmail ? owedScreenedNotice(screened(state)) : null;
}

/** A submission as platform's notice decisions see it. */
const screened = (state: ContactState): ScreenedItem => ({
  tellable: state.exists && !state.deleted && !state.isSpam,
  held: state.held,
  notices: state.notices,
  notified: state.notified,
});

/** Queues the owed notice, gathered in the round of `window`. */
export function queueNotice(
  submissionId: string,
  state: ContactState,
  adminEmail: string | undefined,
  window: NoticeWindow,
): ContactNoticeQueued[] {
  const kind = owedNotice(state, adminEmail);
  if (!kind) return [];
  return [
    {
      type: 'ContactNoticeQueued',
      data: { submissionId, kind, mode: 'gathered', window: window.id },
    },
  ];
}

/**
 * The window's record of queued notices (counted at `at`, one event for a batch), and the
 * round they open, due at `dueAt`, if they are its first.
 */
export function countInWindow(
  queued: readonly ContactNoticeQueued[],
  at: Date,
  dueAt: Date | null,
): ContactEvent[] {
  const [first] = queued;
  if (!first) return [];
  const events: ContactEvent[] = [
    {
      type: 'ContactNoticesCounted',
      data: {
        notices: queued.map(({ data: { submissionId, kind, mode } }) => ({
          submissionId,
          kind,
          mode,
        })),
        at: at.toISOString(),
      },
    },
  ];
  if (dueAt)
    events.push({
      type: 'ContactDigestScheduled',
      data: { window: first.data.window, dueAt: dueAt.toISOString(), at: at.toISOString() },
    });
  return events;
}

/** The round, still due while notices came, put off until `dueAt`. */
export function putOffRound(window: string, dueAt: Date, at: Date): ContactEvent[] {
  return [
    {
      type: 'ContactDigestScheduled',
      data: { window, dueAt: dueAt.toISOString(), at: at.toISOString() },
    },
  ];
}

/** The round settled with these few told one by one (their e-mails follow). */
export function recordToldSeparately(
  window: string,
  items: readonly NoticeItem[],
  at: Date,
): ContactEvent[] {
  return [
    {
      type: 'ContactNoticesToldSeparately',
      data: {
        window,
        at: at.toISOString(),
        notices: items.map((item) => ({ submissionId: item.id, kind: noticeKindOf(item) })),
      },
    },
  ];
}

/**
 * The e-mail of its own a queued notice is owed, once: the `held` one while the submission is
 * still held, the `new` one while it is neither spam nor held; owed when its round told it one
 * by one (`toldSeparately`: the kind it told), or an older window queued it to go alone.
 */
export function owedNoticeMail(
  state: ContactState,
  adminEmail: string | undefined,
  toldSeparately?: NoticeKind,
): NoticeKind | null {
  return adminEmail ? owedScreenedNoticeMail(screened(state), toldSeparately) : null;
}

/** The record of the e-mail of its own, for this notice. */
export function noticeMailSent(
  submissionId: string,
  kind: NoticeKind,
  to: string,
): [AdminNotifiedOfContact] {
  return [
    {
      type: 'AdminNotifiedOfContact',
      data: kind === 'held' ? { submissionId, to, held: true } : { submissionId, to },
    },
  ];
}

/** A notices window's stream folded: platform's window state. */
export const noticesDecider = {
  events: contactEvents,
  initialState: emptyNoticeWindow,
  evolve(state: NoticeWindowState, event: ContactEvent): NoticeWindowState {
    switch (event.type) {
      case 'ContactNoticesCounted':
        return event.data.notices.reduce(
          (counted, notice) =>
            noticeCounted(counted, {
              id: notice.submissionId,
              mode: notice.mode,
              tags: noticeTags(notice.kind),
              at: event.data.at,
            }),
          state,
        );
      case 'ContactNoticeCounted':
        return noticeCounted(state, {
          id: event.data.submissionId,
          mode: event.data.mode,
          tags: noticeTags(event.data.kind),
          ...(event.data.at ? { at: event.data.at } : {}),
        });
      case 'ContactDigestScheduled':
        return digestScheduled(state, event.data.dueAt, event.data.at);
      case 'ContactDigestSent':
        return digestSent(state, {
          count: event.data.count,
          tags: event.data.held > 0 ? { held: event.data.held } : {},
          at: event.data.at,
        });
      case 'ContactNoticesToldSeparately':
        return noticesToldSeparately(state, {
          at: event.data.at,
          items: event.data.notices.map((n) => ({ id: n.submissionId, tags: noticeTags(n.kind) })),
        });
      default:
        return state;
    }
  },
};

export const handleNotices = commandHandler(noticesDecider);

/** A notices window's state after these events (specs fold their `given` with it). */
export function noticesState(history: readonly ContactEvent[]): NoticeWindowState {
  return history.reduce(noticesDecider.evolve, noticesDecider.initialState());
}

/** How a round's digest is recorded, once it is sent to `to` at `at`. */
export function recordDigest(
  window: string,
  to: string,
  owed: OwedDigest,
  at: Date,
): [ContactDigestSent] {
  return [
    {
      type: 'ContactDigestSent',
      data: { window, to, count: owed.count, held: owed.tags.held ?? 0, at: at.toISOString() },
    },
  ];
}

// The commands the routes call.

/**
 * The messages this API process received lately, per address: the burst rule reads them here
 * rather than in the database, so a submission is one transaction of three statements (the
 * event, its row, its jobs) and nothing before it. Per process, like the form's rate limit.
 */
const recentMessages = new RepeatedTextMemory(SPAM_RULES.burstWindowMs, SPAM_RULES.burstCount);

/**
 * A visitor's message: flagged, not refused, when it looks automated (the visitor sees the
 * same answer either way, so a spammer learns nothing). `now` is the clock of the spam rules.
 */
export async function submitContact(
  /** `gate`: the request's rate-limit count, made with the message's write. */
  deps: { store: EventStore; gate?: AppendGate | undefined },
  message: ContactMessage & { startedAt?: number | undefined },
  visitor: Visitor,
  metadata: EventMetadata,
  now: Date = new Date(),
): Promise<string> {
  const submissionId = randomUUID();
  const since = now.getTime() - SPAM_RULES.burstWindowMs;
  const verdict = judgeIntake({
    elapsedMs: elapsedSince(message.startedAt, now.getTime()),
    text: message.message,
    sameTextFromIpRecently: recentMessages.count(visitor.ip, message.message, since),
  });
  await handleContact(
    deps.store,
    contactStream(submissionId),
    () => receiveContact(submissionId, message, visitor, verdict),
    { metadata, newStream: true, gate: deps.gate },
  );
  recentMessages.record(visitor.ip, message.message, now.getTime());
  return submissionId;
}

/** The worker records enrichment and notifications on the same stream: a clash is decided again. */
export async function editContact(
  store: EventStore,
  submissionId: string,
  patch: ContactUpdate,
  metadata: EventMetadata,
  now: Date = new Date(),
): Promise<void> {
  await handleContact(
    store,
    contactStream(submissionId),
    (state) => updateContact(submissionId, state, patch, now),
    { metadata, retryOnConflict: true },
  );
}

/** A bulk action: each submission its own command, in one transaction (all or nothing). */
export async function bulkContact(
  deps: { db: Db; store: EventStore },
  ids: readonly string[],
  action: ContactBulkAction,
  metadata: EventMetadata,
  now: Date = new Date(),
): Promise<number> {
  const done = await forEachId(deps.db, ids, 'contact submissions', (submissionId, trx) =>
    handleContact(
      deps.store,
      contactStream(submissionId),
      (state) => decideBulkContact(submissionId, state, action, now),
      { metadata, trx, retryOnConflict: true },
    ),
  );
  return done.length;
}

export async function removeContact(
  store: EventStore,
  submissionId: string,
  metadata: EventMetadata,
): Promise<void> {
  await handleContact(
    store,
    contactStream(submissionId),
    (state) => deleteContact(submissionId, state),
    { metadata, retryOnConflict: true },
  );
}

// ---- Exports: each one recorded for the audit log ----

export const handleContactExport = commandHandler({
  events: contactExportEvents,
  initialState: () => null,
  evolve: (state: null) => state,
});

/** What an export of these submissions records. */
export function recordContactExport(submissionIds: readonly string[]): ContactExportEvent[] {
  return [
    {
      type: 'ContactSubmissionsExported',
      data: { count: submissionIds.length, submissionIds: [...submissionIds] },
    },
  ];
}
