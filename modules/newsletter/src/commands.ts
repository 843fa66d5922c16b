import { createHash } from 'node:crypto';
import { NotFoundError } from '@kw/platform';
import type { SpamVerdict, Visitor } from '@kw/platform/http';
import type { VisitorInsight } from '@kw/platform/visitor-insight';
import { DEFAULT_SOURCE } from './contract.ts';
import type { NewsletterEvent, SubscriberJoined } from './events.ts';

// Pure decisions: given what happened and what is asked, which events follow.

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

export function subscriberState(
  history: readonly { type: string; data: unknown }[],
): SubscriberState {
  const state: SubscriberState = {
    exists: false,
    subscribed: false,
    isSpam: false,
    spamReason: null,
    enriched: false,
    welcomed: false,
  };
  for (const raw of history) {
    const event = raw as NewsletterEvent;
    switch (event.type) {
      case 'SubscriberJoined':
        Object.assign(state, { exists: true, subscribed: true, isSpam: false, spamReason: null });
        state.enriched = false;
        state.welcomed = false;
        break;
      case 'SubscriberResubscribed':
        state.subscribed = true;
        state.enriched = false;
        state.welcomed = false;
        break;
      case 'SubscriberEnriched':
        state.enriched = true;
        break;
      case 'SubscriberWelcomed':
        state.welcomed = true;
        break;
      case 'SubscriberMarkedSpam':
        state.isSpam = true;
        state.spamReason = event.data.reason;
        break;
      case 'SubscriberUnmarkedSpam':
        state.isSpam = false;
        state.spamReason = null;
        break;
      case 'SubscriberUnsubscribed':
        state.subscribed = false;
        break;
      case 'SubscriberDeleted':
        state.exists = false;
        state.subscribed = false;
        break;
    }
  }
  return state;
}

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
