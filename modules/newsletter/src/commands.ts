import { createHash, createHmac } from 'node:crypto';
import {
  commandHandler,
  type Db,
  type EventMetadata,
  type EventStore,
  NotFoundError,
} from '@kw/platform';
import {
  elapsedSince,
  forEachId,
  judgeIntake,
  SPAM_RULES,
  type SpamVerdict,
  type Visitor,
} from '@kw/platform/http';
import type { VisitorInsight } from '@kw/platform/visitor-insight';
import { CONFIRMATION_WINDOW_MS, DEFAULT_SOURCE, type NewsletterBulkAction } from './contract.ts';
import {
  type ConfirmationSent,
  type NewsletterEvent,
  type NewsletterExportEvent,
  newsletterEvents,
  newsletterExportEvents,
  type SubscriberWelcomed,
  subscriberStream,
} from './events.ts';
import { consentWordingFor } from './presentation.ts';
import { countSignupsFromIp } from './queries.ts';

/**
 * One stream per address: the id is derived from the e-mail, so the same address twice is
 * the same subscriber, and two racing sign-ups meet on the stream's version.
 */
export function subscriberIdFor(email: string): string {
  const hex = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
  // Shaped as an RFC 9562 version-8 (custom) UUID.
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A pending request for consent: what was asked, and whether its e-mail went out. */
export interface PendingRequest {
  requestedAt: string;
  source: string;
  ipAddress: string;
  page: string;
  wording: string;
  confirmationSent: boolean;
}

export interface SubscriberState {
  /** Signed up (pending or not) and not deleted since. */
  exists: boolean;
  /** Confirmed (or joined before double opt-in) and not unsubscribed since: the only active state. */
  subscribed: boolean;
  /** The request waiting for its confirmation, if any. */
  pending: PendingRequest | null;
  email: string | null;
  isSpam: boolean;
  spamReason: string | null;
  /** Enriched since the latest sign-up; welcomed since the latest confirmation. */
  enriched: boolean;
  welcomed: boolean;
  /** The keyed hash of the suppression entry while the address is suppressed. */
  suppressionHash: string | null;
  /**
   * Active at some time since it signed up (then a lapsed request leaves it unsubscribed;
   * otherwise the address is forgotten).
   */
  activeBefore: boolean;
}

/** A second sign-up while one waits sends a new e-mail, but not more often than this. */
export const RESEND_AFTER_MS = 10 * 60_000;

export const subscriberDecider = {
  events: newsletterEvents,
  initialState: (): SubscriberState => ({
    exists: false,
    subscribed: false,
    pending: null,
    email: null,
    isSpam: false,
    spamReason: null,
    enriched: false,
    welcomed: false,
    suppressionHash: null,
    activeBefore: false,
  }),
  evolve(state: SubscriberState, event: NewsletterEvent): SubscriberState {
    switch (event.type) {
      case 'SubscriberJoined':
        return {
          ...subscriberDecider.initialState(),
          exists: true,
          subscribed: true,
          activeBefore: true,
          email: event.data.email,
          suppressionHash: state.suppressionHash,
        };
      case 'SubscriberResubscribed':
        return { ...state, subscribed: true, activeBefore: true, enriched: false, welcomed: false };
      case 'SubscriptionRequested': {
        const d = event.data;
        return {
          ...state,
          // A request after a deletion starts afresh (its spam verdict included).
          ...(state.exists ? {} : { isSpam: false, spamReason: null, activeBefore: false }),
          exists: true,
          email: d.email,
          enriched: false,
          pending: {
            requestedAt: d.requestedAt,
            source: d.source,
            ipAddress: d.ipAddress,
            page: d.page,
            wording: d.wording,
            confirmationSent: false,
          },
        };
      }
      case 'ConfirmationSent':
        return state.pending?.requestedAt === event.data.requestedAt
          ? { ...state, pending: { ...state.pending, confirmationSent: true } }
          : state;
      case 'SubscriptionConfirmed':
        return { ...state, subscribed: true, activeBefore: true, pending: null, welcomed: false };
      case 'SubscriptionExpired':
        return state.pending?.requestedAt === event.data.requestedAt
          ? { ...state, pending: null, exists: state.exists && state.activeBefore }
          : state;
      case 'SubscriberSuppressed':
        return { ...state, suppressionHash: event.data.emailHash };
      case 'SuppressionLifted':
        return { ...state, suppressionHash: null };
      case 'SubscriberEnriched':
        return { ...state, enriched: true };
      case 'SubscriberWelcomed':
        return { ...state, welcomed: true };
      case 'SubscriberMarkedSpam':
        return { ...state, isSpam: true, spamReason: event.data.reason };
      case 'SubscriberUnmarkedSpam':
        return { ...state, isSpam: false, spamReason: null };
      case 'SubscriberUnsubscribed':
        return { ...state, subscribed: false, pending: null };
      case 'SubscriberDeleted':
        return { ...state, exists: false, subscribed: false, pending: null };
    }
  },
};

/** The one command path for a subscriber's stream. */
export const handleSubscriber = commandHandler(subscriberDecider);

/** A subscriber's state after these events (decision specs fold their `given` with it). */
export function subscriberState(history: readonly NewsletterEvent[]): SubscriberState {
  return history.reduce(subscriberDecider.evolve, subscriberDecider.initialState());
}

/**
 * The keyed hash a suppression entry keeps instead of the address: HMAC-SHA-256 under a key
 * derived from DATA_KEY, so the table (and the log) cannot be searched with a list of addresses.
 */
export function suppressionHash(dataKey: string, email: string): string {
  const key = createHmac('sha256', dataKey).update('newsletter-suppression').digest();
  return createHmac('sha256', key).update(email.trim().toLowerCase()).digest('hex');
}

// Pure decisions: given what happened and what is asked, which events follow.

export interface Signup {
  email: string;
  source?: string | undefined;
  /** The path of the page the form was on. */
  page?: string | undefined;
  utmSource?: string | undefined;
  utmMedium?: string | undefined;
  utmCampaign?: string | undefined;
}

/**
 * A sign-up asks for consent: a pending subscription whose confirmation e-mail follows. An
 * active subscriber is already there and nothing happens; a request that waits is asked again
 * (a new e-mail) only after RESEND_AFTER_MS. The visitor sees the same answer either way.
 * The recorded wording is the form's (`consentWordingFor(source)`) unless one is given.
 */
export function requestSubscription(
  state: SubscriberState,
  signup: Signup & { wording?: string | undefined },
  visitor: Visitor,
  now: Date,
  verdict: SpamVerdict = { isSpam: false, reason: null },
): NewsletterEvent[] {
  if (state.exists && state.subscribed) return [];
  if (state.pending && now.getTime() - Date.parse(state.pending.requestedAt) < RESEND_AFTER_MS)
    return [];
  const subscriberId = subscriberIdFor(signup.email);
  const source = signup.source?.trim() || DEFAULT_SOURCE;
  const events: NewsletterEvent[] = [
    {
      type: 'SubscriptionRequested',
      data: {
        subscriberId,
        email: signup.email.trim().toLowerCase(),
        firstName: null,
        lastName: null,
        source,
        ipAddress: visitor.ip,
        userAgent: visitor.userAgent,
        referer: visitor.referer,
        utmSource: signup.utmSource || null,
        utmMedium: signup.utmMedium || null,
        utmCampaign: signup.utmCampaign || null,
        requestedAt: now.toISOString(),
        page: signup.page || pathOf(visitor.referer) || '/',
        wording: signup.wording ?? consentWordingFor(source),
      },
    },
  ];
  if (verdict.isSpam && verdict.reason && !(state.exists && state.isSpam))
    events.push({
      type: 'SubscriberMarkedSpam',
      data: { subscriberId, reason: verdict.reason, automatic: true },
    });
  return events;
}

/** The path of a referring URL, when there is one. */
function pathOf(referer: string): string | undefined {
  try {
    return referer ? new URL(referer).pathname : undefined;
  } catch {
    return undefined;
  }
}

/** The confirmation e-mail of the request made at `requestedAt`, when it is still owed. */
export function confirmationOwed(state: SubscriberState, requestedAt: string): boolean {
  return (
    state.exists &&
    !state.subscribed &&
    !state.isSpam &&
    state.pending?.requestedAt === requestedAt &&
    !state.pending.confirmationSent
  );
}

export function recordConfirmationSent(
  id: string,
  state: SubscriberState,
  requestedAt: string,
): ConfirmationSent[] {
  return confirmationOwed(state, requestedAt)
    ? [{ type: 'ConfirmationSent', data: { subscriberId: id, requestedAt } }]
    : [];
}

/**
 * What pressing Confirm on the link of the request made at `requestedAt` does: confirm; or
 * nothing, because the subscription is already active, the link is older than 7 days, a newer
 * e-mail replaced it, or no request waits (expired and forgotten, or deleted).
 */
export type ConfirmationOutcome = 'confirm' | 'already' | 'expired' | 'replaced' | 'unknown';

export function confirmationOutcome(
  state: SubscriberState,
  requestedAt: string,
  now: Date,
): ConfirmationOutcome {
  if (state.exists && state.subscribed) return 'already';
  if (now.getTime() >= Date.parse(requestedAt) + CONFIRMATION_WINDOW_MS) return 'expired';
  if (!state.exists || !state.pending) return 'unknown';
  if (state.pending.requestedAt !== requestedAt) return 'replaced';
  return 'confirm';
}

/** The confirmation (a POST: a link scanner's GET confirms nothing), with its proof of consent. */
export function confirmSubscription(
  id: string,
  state: SubscriberState,
  requestedAt: string,
  confirmer: Visitor,
  now: Date,
): NewsletterEvent[] {
  if (confirmationOutcome(state, requestedAt, now) !== 'confirm' || !state.pending) return [];
  const p = state.pending;
  const events: NewsletterEvent[] = [
    {
      type: 'SubscriptionConfirmed',
      data: {
        subscriberId: id,
        consent: {
          source: p.source,
          requestedAt: p.requestedAt,
          requestIp: p.ipAddress,
          page: p.page,
          wording: p.wording,
          confirmedAt: now.toISOString(),
          confirmIp: confirmer.ip,
          confirmUserAgent: confirmer.userAgent,
          method: 'confirm-button',
        },
      },
    },
  ];
  if (state.suppressionHash)
    events.push({
      type: 'SuppressionLifted',
      data: { subscriberId: id, emailHash: state.suppressionHash },
    });
  return events;
}

/** A request not confirmed within 7 days lapses; a newer request is not touched. */
export function expireRequest(
  id: string,
  state: SubscriberState,
  requestedAt: string,
  now: Date,
): NewsletterEvent[] {
  if (!state.pending || state.pending.requestedAt !== requestedAt) return [];
  if (now.getTime() < Date.parse(requestedAt) + CONFIRMATION_WINDOW_MS) return [];
  return [{ type: 'SubscriptionExpired', data: { subscriberId: id, requestedAt } }];
}

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';

function requireExisting(state: SubscriberState): void {
  if (!state.exists) throw new NotFoundError(SUBSCRIPTION_NOT_FOUND);
}

export function markSpam(id: string, state: SubscriberState, reason: string): NewsletterEvent[] {
  requireExisting(state);
  if (state.isSpam && state.spamReason === reason) return [];
  return [{ type: 'SubscriberMarkedSpam', data: { subscriberId: id, reason, automatic: false } }];
}

export function unmarkSpam(id: string, state: SubscriberState): NewsletterEvent[] {
  requireExisting(state);
  return state.isSpam ? [{ type: 'SubscriberUnmarkedSpam', data: { subscriberId: id } }] : [];
}

export function deleteSubscriber(id: string, state: SubscriberState): NewsletterEvent[] {
  requireExisting(state);
  return [{ type: 'SubscriberDeleted', data: { subscriberId: id } }];
}

/** One row of a bulk action: the same decision as the row's own button. */
export function decideBulkSubscriber(
  id: string,
  state: SubscriberState,
  action: NewsletterBulkAction,
): NewsletterEvent[] {
  switch (action.action) {
    case 'markSpam':
      return markSpam(id, state, action.reason);
    case 'unmarkSpam':
      return unmarkSpam(id, state);
    case 'delete':
      return deleteSubscriber(id, state);
  }
}

/**
 * Unsubscribing stops mail at once and leaves a suppression entry (the keyed hash of the
 * address). Twice is fine: the second click changes nothing. An old link of a pending address
 * cancels the request.
 */
export function unsubscribe(
  id: string,
  state: SubscriberState,
  via: 'link' | 'one-click',
  emailHash: string,
): NewsletterEvent[] {
  if (!state.exists) return [];
  const events: NewsletterEvent[] = [];
  if (state.subscribed || state.pending)
    events.push({ type: 'SubscriberUnsubscribed', data: { subscriberId: id, via } });
  if (!state.suppressionHash)
    events.push({
      type: 'SubscriberSuppressed',
      data: { subscriberId: id, emailHash, reason: 'unsubscribed' },
    });
  return events;
}

/**
 * An erasure (the privacy screen's) leaves the address suppressed, whatever its state: it is
 * never mailed again unless the person signs up and confirms anew.
 */
export function suppressForErasure(
  id: string,
  state: SubscriberState,
  emailHash: string,
): NewsletterEvent[] {
  const events: NewsletterEvent[] = [];
  if (state.exists && (state.subscribed || state.pending))
    events.push({ type: 'SubscriberUnsubscribed', data: { subscriberId: id, via: 'erasure' } });
  if (state.suppressionHash !== emailHash)
    events.push({
      type: 'SubscriberSuppressed',
      data: { subscriberId: id, emailHash, reason: 'erased' },
    });
  return events;
}

export function enrichSubscriber(
  id: string,
  state: SubscriberState,
  insight: VisitorInsight,
): NewsletterEvent[] {
  if (!state.exists || state.enriched) return [];
  return [{ type: 'SubscriberEnriched', data: { subscriberId: id, ...insight } }];
}

/** A welcome goes to a real, confirmed, unsuppressed subscriber, once per subscription. */
export function shouldWelcome(state: SubscriberState): boolean {
  return (
    state.exists && state.subscribed && !state.isSpam && !state.welcomed && !state.suppressionHash
  );
}

/** The record of the welcome e-mail, when one is owed. */
export function welcome(id: string, state: SubscriberState): SubscriberWelcomed[] {
  return shouldWelcome(state) ? [{ type: 'SubscriberWelcomed', data: { subscriberId: id } }] : [];
}

// The commands the routes call. The worker records enrichment and the welcome on the same
// streams: a clash is decided again on the fresh history.

/**
 * A visitor's sign-up: a pending subscription, flagged, not refused, when it looks automated;
 * the same address twice (two tabs at once included) is one subscriber. `now` is the clock of
 * the spam rules and of the consent record.
 */
export async function signUp(
  deps: { db: Db; store: EventStore },
  signup: Signup & { startedAt?: number | undefined; wording?: string | undefined },
  visitor: Visitor,
  metadata: EventMetadata,
  now: Date = new Date(),
): Promise<void> {
  const since = new Date(now.getTime() - SPAM_RULES.burstWindowMs);
  const judged = judgeIntake({
    elapsedMs: elapsedSince(signup.startedAt, now.getTime()),
    fromIpRecently: await countSignupsFromIp(deps.db, visitor.ip, since),
  });
  // Sent only too fast (autofill does this): not spam. The request is held like every other
  // until the person confirms it from their inbox, which no bot can do for them.
  const verdict: SpamVerdict = judged.held ? { isSpam: false, reason: null } : judged;
  await handleSubscriber(
    deps.store,
    subscriberStream(subscriberIdFor(signup.email)),
    (state) => requestSubscription(state, signup, visitor, now, verdict),
    { metadata, retryOnConflict: true },
  );
}

/** Pressing Confirm: what happened, for the page that answers. */
export async function confirmWithLink(
  store: EventStore,
  id: string,
  requestedAt: string,
  confirmer: Visitor,
  metadata: EventMetadata,
  now: Date = new Date(),
): Promise<ConfirmationOutcome> {
  let outcome: ConfirmationOutcome = 'unknown';
  await handleSubscriber(
    store,
    subscriberStream(id),
    (state) => {
      outcome = confirmationOutcome(state, requestedAt, now);
      return confirmSubscription(id, state, requestedAt, confirmer, now);
    },
    { metadata, retryOnConflict: true },
  );
  return outcome;
}

/** What the confirmation page shows before the button is pressed (a GET changes nothing). */
export async function confirmationPreview(
  store: EventStore,
  id: string,
  requestedAt: string,
  now: Date = new Date(),
): Promise<{ outcome: ConfirmationOutcome; email: string | null }> {
  const state = handleSubscriber.fold(await store.readStream(subscriberStream(id)));
  return { outcome: confirmationOutcome(state, requestedAt, now), email: state.email };
}

async function decideOn(
  store: EventStore,
  id: string,
  decide: (state: SubscriberState) => NewsletterEvent[],
  metadata: EventMetadata,
): Promise<SubscriberState> {
  const options = { metadata, retryOnConflict: true };
  return (await handleSubscriber(store, subscriberStream(id), decide, options)).state;
}

export const markSubscriberSpam = (
  store: EventStore,
  id: string,
  reason: string,
  metadata: EventMetadata,
) => decideOn(store, id, (state) => markSpam(id, state, reason), metadata);

export const unmarkSubscriberSpam = (store: EventStore, id: string, metadata: EventMetadata) =>
  decideOn(store, id, (state) => unmarkSpam(id, state), metadata);

export const removeSubscriber = (store: EventStore, id: string, metadata: EventMetadata) =>
  decideOn(store, id, (state) => deleteSubscriber(id, state), metadata);

/** A bulk action: each subscription its own command, in one transaction (all or nothing). */
export async function bulkSubscribers(
  deps: { db: Db; store: EventStore },
  ids: readonly string[],
  action: NewsletterBulkAction,
  metadata: EventMetadata,
): Promise<number> {
  const done = await forEachId(deps.db, ids, 'subscriptions', (id, trx) =>
    handleSubscriber(
      deps.store,
      subscriberStream(id),
      (state) => decideBulkSubscriber(id, state, action),
      { metadata, trx, retryOnConflict: true },
    ),
  );
  return done.length;
}

/** The unsubscribe link's command. Answers whether the subscriber is known at all. */
/**
 * The unsubscribe link's command. Answers whether the subscriber is known at all. The hash of
 * the suppression entry is keyed with `dataKey` (DATA_KEY).
 */
export async function unsubscribeWithLink(
  store: EventStore,
  id: string,
  via: 'link' | 'one-click',
  dataKey: string,
  metadata: EventMetadata,
): Promise<boolean> {
  let known = false;
  await decideOn(
    store,
    id,
    (state) => {
      known = state.exists;
      return state.email ? unsubscribe(id, state, via, suppressionHash(dataKey, state.email)) : [];
    },
    metadata,
  );
  return known;
}

/**
 * For the erasure of a person (the privacy screen): the address is unsubscribed at once and
 * suppressed, by its keyed hash only, so it is never mailed again by accident.
 */
export async function suppressAddress(
  store: EventStore,
  email: string,
  dataKey: string,
  metadata: EventMetadata,
): Promise<void> {
  const id = subscriberIdFor(email);
  await decideOn(
    store,
    id,
    (state) => suppressForErasure(id, state, suppressionHash(dataKey, email)),
    metadata,
  );
}

// ---- Exports: each one recorded for the audit log ----

export const handleNewsletterExport = commandHandler({
  events: newsletterExportEvents,
  initialState: () => null,
  evolve: (state: null) => state,
});

/** What an export of `count` subscribers records. */
export function recordNewsletterExport(count: number): NewsletterExportEvent[] {
  return [{ type: 'SubscribersExported', data: { count } }];
}
