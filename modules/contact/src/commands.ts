import { NotFoundError } from '@kw/platform';
import type { SpamVerdict, Visitor } from '@kw/platform/http';
import {
  type ContactMessage,
  type ContactPriority,
  type ContactStatus,
  type ContactUpdate,
  MARKED_AS_SPAM_REASON,
} from './contract.ts';
import type {
  ContactEvent,
  ContactMarkedSpam,
  ContactReceived,
  ContactSubmissionEnriched,
  ContactSubmissionUpdated,
} from './events.ts';

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
  history: readonly { type: string }[],
  enrichment: ContactSubmissionEnriched['data'],
): ContactEvent[] {
  if (!history.some((event) => event.type === 'ContactReceived')) return [];
  if (history.some((event) => event.type === 'ContactSubmissionEnriched')) return [];
  return [{ type: 'ContactSubmissionEnriched', data: enrichment }];
}

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
  adminNotified: boolean;
}

export function contactState(history: readonly { type: string; data: unknown }[]): ContactState {
  const state: ContactState = {
    exists: false,
    deleted: false,
    status: 'new',
    priority: 'medium',
    processed: false,
    isSpam: false,
    spamReason: null,
    responseNotes: null,
    respondedAt: null,
    adminNotified: false,
  };
  for (const raw of history) {
    const event = raw as ContactEvent;
    switch (event.type) {
      case 'ContactReceived':
        state.exists = true;
        break;
      case 'ContactSubmissionUpdated':
        Object.assign(state, event.data.changes);
        break;
      case 'ContactMarkedProcessed':
        state.processed = true;
        state.status = 'responded';
        state.respondedAt = event.data.respondedAt;
        break;
      case 'ContactMarkedSpam':
        state.isSpam = true;
        state.spamReason = event.data.reason;
        break;
      case 'ContactUnmarkedSpam':
        state.isSpam = false;
        state.spamReason = null;
        break;
      case 'ContactSubmissionDeleted':
        state.deleted = true;
        break;
      case 'AdminNotifiedOfContact':
        state.adminNotified = true;
        break;
    }
  }
  return state;
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
