import { randomUUID } from 'node:crypto';
import { commandHandler, type EventMetadata, type EventStore, NotFoundError } from '@kw/platform';
import {
  assessIntake,
  elapsedSince,
  RepeatedTextMemory,
  SPAM_RULES,
  type SpamVerdict,
  type Visitor,
} from '@kw/platform/http';
import {
  type ContactMessage,
  type ContactPriority,
  type ContactStatus,
  type ContactUpdate,
  MARKED_AS_SPAM_REASON,
} from './contract.ts';
import {
  type AdminNotifiedOfContact,
  type ContactEvent,
  type ContactMarkedSpam,
  type ContactReceived,
  type ContactSubmissionEnriched,
  type ContactSubmissionUpdated,
  contactEvents,
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
    adminNotified: false,
  }),
  evolve(state: ContactState, event: ContactEvent): ContactState {
    switch (event.type) {
      case 'ContactReceived':
        return { ...state, exists: true };
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
        return { ...state, isSpam: true, spamReason: event.data.reason };
      case 'ContactUnmarkedSpam':
        return { ...state, isSpam: false, spamReason: null };
      case 'ContactSubmissionDeleted':
        return { ...state, deleted: true };
      case 'AdminNotifiedOfContact':
        return { ...state, adminNotified: true };
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
  verdict: SpamVerdict = { isSpam: false, reason: null },
): [ContactReceived] | [ContactReceived, ContactMarkedSpam] {
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
  if (!verdict.isSpam) return [received];
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

/** The administrator hears of each real enquiry once; spam and deleted ones are skipped. */
export function shouldNotifyAdmin(state: ContactState, adminEmail: string | undefined): boolean {
  return (
    Boolean(adminEmail) && state.exists && !state.deleted && !state.isSpam && !state.adminNotified
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
  deps: { store: EventStore },
  message: ContactMessage & { startedAt?: number | undefined },
  visitor: Visitor,
  metadata: EventMetadata,
  now: Date = new Date(),
): Promise<string> {
  const submissionId = randomUUID();
  const since = now.getTime() - SPAM_RULES.burstWindowMs;
  const verdict = assessIntake({
    elapsedMs: elapsedSince(message.startedAt, now.getTime()),
    text: message.message,
    sameTextFromIpRecently: recentMessages.count(visitor.ip, message.message, since),
  });
  await handleContact(
    deps.store,
    contactStream(submissionId),
    () => receiveContact(submissionId, message, visitor, verdict),
    { metadata, newStream: true },
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
