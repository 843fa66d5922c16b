import { createHash } from 'node:crypto';
import {
  commandHandler,
  type Db,
  type EventMetadata,
  type EventStore,
  NotFoundError,
} from '@kw/platform';
import {
  assessIntake,
  elapsedSince,
  forEachId,
  SPAM_RULES,
  type SpamVerdict,
  type Visitor,
} from '@kw/platform/http';
import type { VisitorInsight } from '@kw/platform/visitor-insight';
import { DEFAULT_SOURCE, type NewsletterBulkAction } from './contract.ts';
import {
  type NewsletterEvent,
  newsletterEvents,
  type SubscriberJoined,
  type SubscriberWelcomed,
  subscriberStream,
} from './events.ts';
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

export interface SubscriberState {
  /** Joined and not deleted since. */
  exists: boolean;
  subscribed: boolean;
  isSpam: boolean;
  spamReason: string | null;
  /** Enriched and welcomed since the latest (re)subscription. */
  enriched: boolean;
  welcomed: boolean;
}

export const subscriberDecider = {
  events: newsletterEvents,
  initialState: (): SubscriberState => ({
    exists: false,
    subscribed: false,
    isSpam: false,
    spamReason: null,
    enriched: false,
    welcomed: false,
  }),
  evolve(state: SubscriberState, event: NewsletterEvent): SubscriberState {
    switch (event.type) {
      case 'SubscriberJoined':
        return {
          exists: true,
          subscribed: true,
          isSpam: false,
          spamReason: null,
          enriched: false,
          welcomed: false,
        };
      case 'SubscriberResubscribed':
        return { ...state, subscribed: true, enriched: false, welcomed: false };
      case 'SubscriberEnriched':
        return { ...state, enriched: true };
      case 'SubscriberWelcomed':
        return { ...state, welcomed: true };
      case 'SubscriberMarkedSpam':
        return { ...state, isSpam: true, spamReason: event.data.reason };
      case 'SubscriberUnmarkedSpam':
        return { ...state, isSpam: false, spamReason: null };
      case 'SubscriberUnsubscribed':
        return { ...state, subscribed: false };
      case 'SubscriberDeleted':
        return { ...state, exists: false, subscribed: false };
    }
  },
};

/** The one command path for a subscriber's stream. */
export const handleSubscriber = commandHandler(subscriberDecider);

/** A subscriber's state after these events (decision specs fold their `given` with it). */
export function subscriberState(history: readonly NewsletterEvent[]): SubscriberState {
  return history.reduce(subscriberDecider.evolve, subscriberDecider.initialState());
}

// Pure decisions: given what happened and what is asked, which events follow.

export interface Signup {
  email: string;
  source?: string | undefined;
  utmSource?: string | undefined;
  utmMedium?: string | undefined;
  utmCampaign?: string | undefined;
}

/**
 * A sign-up: a new address joins; an unsubscribed one comes back; an active one is already
 * there and nothing happens (the visitor sees the same success either way).
 */
export function subscribe(
  state: SubscriberState,
  signup: Signup,
  visitor: Visitor,
  verdict: SpamVerdict = { isSpam: false, reason: null },
): NewsletterEvent[] {
  if (state.exists && state.subscribed) return [];
  const subscriberId = subscriberIdFor(signup.email);
  const data: SubscriberJoined['data'] = {
    subscriberId,
    email: signup.email.trim().toLowerCase(),
    firstName: null,
    lastName: null,
    source: signup.source?.trim() || DEFAULT_SOURCE,
    ipAddress: visitor.ip,
    userAgent: visitor.userAgent,
    referer: visitor.referer,
    utmSource: signup.utmSource || null,
    utmMedium: signup.utmMedium || null,
    utmCampaign: signup.utmCampaign || null,
  };
  const events: NewsletterEvent[] = [
    state.exists ? { type: 'SubscriberResubscribed', data } : { type: 'SubscriberJoined', data },
  ];
  if (verdict.isSpam && verdict.reason && !(state.exists && state.isSpam))
    events.push({
      type: 'SubscriberMarkedSpam',
      data: { subscriberId, reason: verdict.reason, automatic: true },
    });
  return events;
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

/** Unsubscribing twice is fine: the second click changes nothing. */
export function unsubscribe(
  id: string,
  state: SubscriberState,
  via: 'link' | 'one-click',
): NewsletterEvent[] {
  if (!state.exists || !state.subscribed) return [];
  return [{ type: 'SubscriberUnsubscribed', data: { subscriberId: id, via } }];
}

export function enrichSubscriber(
  id: string,
  state: SubscriberState,
  insight: VisitorInsight,
): NewsletterEvent[] {
  if (!state.exists || state.enriched) return [];
  return [{ type: 'SubscriberEnriched', data: { subscriberId: id, ...insight } }];
}

/** A welcome goes to a real, active subscriber, once per sign-up. */
export function shouldWelcome(state: SubscriberState): boolean {
  return state.exists && state.subscribed && !state.isSpam && !state.welcomed;
}

/** The record of the welcome e-mail, when one is owed. */
export function welcome(id: string, state: SubscriberState): SubscriberWelcomed[] {
  return shouldWelcome(state) ? [{ type: 'SubscriberWelcomed', data: { subscriberId: id } }] : [];
}

// The commands the routes call. The worker records enrichment and the welcome on the same
// streams: a clash is decided again on the fresh history.

/**
 * A visitor's sign-up: flagged, not refused, when it looks automated; the same address twice
 * (two tabs at once included) is one subscriber. `now` is the clock of the spam rules.
 */
export async function signUp(
  deps: { db: Db; store: EventStore },
  signup: Signup & { startedAt?: number | undefined },
  visitor: Visitor,
  metadata: EventMetadata,
  now: Date = new Date(),
): Promise<void> {
  const since = new Date(now.getTime() - SPAM_RULES.burstWindowMs);
  const verdict = assessIntake({
    elapsedMs: elapsedSince(signup.startedAt, now.getTime()),
    fromIpRecently: await countSignupsFromIp(deps.db, visitor.ip, since),
  });
  await handleSubscriber(
    deps.store,
    subscriberStream(subscriberIdFor(signup.email)),
    (state) => subscribe(state, signup, visitor, verdict),
    { metadata, retryOnConflict: true },
  );
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
export async function unsubscribeWithLink(
  store: EventStore,
  id: string,
  via: 'link' | 'one-click',
  metadata: EventMetadata,
): Promise<boolean> {
  return (await decideOn(store, id, (state) => unsubscribe(id, state, via), metadata)).exists;
}
