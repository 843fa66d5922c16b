import { defineEvents, type EventOf, type StoredEventOf } from '@kw/platform';
import { z } from 'zod';

// The newsletter's events: what other modules (activity, analytics) import to react to them.
// Every shape ever stored must still parse; a field added later is optional.

const signup = z.object({
  subscriberId: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  source: z.string(),
  ipAddress: z.string(),
  userAgent: z.string(),
  referer: z.string(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
});

/** How a subscription was confirmed: the Confirm button of the page the e-mail's link opens. */
export const CONFIRMATION_METHODS = ['confirm-button'] as const;

/**
 * The proof of consent (CASL): when and from which address it was asked for, on which page and
 * with which words, and when, from where and how it was confirmed.
 */
export const consentRecordSchema = z.object({
  source: z.string(),
  requestedAt: z.string(),
  requestIp: z.string(),
  page: z.string(),
  wording: z.string(),
  confirmedAt: z.string(),
  confirmIp: z.string(),
  confirmUserAgent: z.string(),
  method: z.enum(CONFIRMATION_METHODS),
});

export const newsletterEventSchemas = {
  /** Before double opt-in: a sign-up that was at once a subscription (still read, no longer written). */
  SubscriberJoined: signup,
  /** Before double opt-in: an address that had unsubscribed signed up again. */
  SubscriberResubscribed: signup,
  /**
   * Double opt-in, step one: a sign-up (from a form, or a contact message with the tick) waits
   * for its confirmation; `requestedAt`, `page` and `wording` are the consent asked for.
   */
  SubscriptionRequested: signup.extend({
    requestedAt: z.string(),
    page: z.string(),
    wording: z.string(),
  }),
  /** The confirmation e-mail of the request made at `requestedAt` went out: never twice. */
  ConfirmationSent: z.object({ subscriberId: z.string(), requestedAt: z.string() }),
  /** Step two: the person pressed Confirm (a POST). Only now does the subscription count. */
  SubscriptionConfirmed: z.object({ subscriberId: z.string(), consent: consentRecordSchema }),
  /** Not confirmed within 7 days: the request lapses (a never-confirmed address is forgotten). */
  SubscriptionExpired: z.object({ subscriberId: z.string(), requestedAt: z.string() }),
  /**
   * The address may not be mailed again (unsubscribed, or erased): kept only as a keyed hash
   * of the address, in `newsletter_suppressions`.
   */
  SubscriberSuppressed: z.object({
    subscriberId: z.string(),
    emailHash: z.string(),
    reason: z.enum(['unsubscribed', 'erased']),
  }),
  /** A new, confirmed subscription lifts the address's suppression. */
  SuppressionLifted: z.object({ subscriberId: z.string(), emailHash: z.string() }),
  /** What the worker learned about the visitor from the user agent and IP address. */
  SubscriberEnriched: z.object({
    subscriberId: z.string(),
    deviceType: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
    browserName: z.string().nullable(),
    browserVersion: z.string().nullable(),
    os: z.string().nullable(),
    country: z.string().nullable(),
    city: z.string().nullable(),
  }),
  SubscriberMarkedSpam: z.object({
    subscriberId: z.string(),
    reason: z.string(),
    automatic: z.boolean(),
  }),
  SubscriberUnmarkedSpam: z.object({ subscriberId: z.string() }),
  SubscriberUnsubscribed: z.object({
    subscriberId: z.string(),
    via: z.enum(['link', 'one-click', 'erasure']),
  }),
  /** The read model forgets the address; the log keeps that it happened. */
  SubscriberDeleted: z.object({ subscriberId: z.string() }),
  /** The welcome e-mail (with its unsubscribe link) went out: never twice per sign-up. */
  SubscriberWelcomed: z.object({ subscriberId: z.string() }),
};

export const newsletterEvents = defineEvents(newsletterEventSchemas);

/** An export of the subscribers to CSV, for the audit log (stream `newsletter-export:<id>`). */
export const newsletterExportEventSchemas = {
  SubscribersExported: z.object({ count: z.number().int().nonnegative() }),
};
export const newsletterExportEvents = defineEvents(newsletterExportEventSchemas);
export type NewsletterExportEvent = EventOf<typeof newsletterExportEventSchemas>;
export const newsletterExportStream = (exportId: string): string => `newsletter-export:${exportId}`;

export type NewsletterEvent = EventOf<typeof newsletterEventSchemas>;
export type StoredNewsletterEvent = StoredEventOf<typeof newsletterEventSchemas>;

type Named<T extends NewsletterEvent['type']> = Extract<NewsletterEvent, { type: T }>;
export type SubscriberJoined = Named<'SubscriberJoined'>;
export type SubscriberResubscribed = Named<'SubscriberResubscribed'>;
export type SubscriberEnriched = Named<'SubscriberEnriched'>;
export type SubscriberMarkedSpam = Named<'SubscriberMarkedSpam'>;
export type SubscriberUnmarkedSpam = Named<'SubscriberUnmarkedSpam'>;
export type SubscriberUnsubscribed = Named<'SubscriberUnsubscribed'>;
export type SubscriberDeleted = Named<'SubscriberDeleted'>;
export type SubscriberWelcomed = Named<'SubscriberWelcomed'>;
export type SubscriptionRequested = Named<'SubscriptionRequested'>;
export type ConfirmationSent = Named<'ConfirmationSent'>;
export type SubscriptionConfirmed = Named<'SubscriptionConfirmed'>;
export type SubscriptionExpired = Named<'SubscriptionExpired'>;
export type SubscriberSuppressed = Named<'SubscriberSuppressed'>;
export type SuppressionLifted = Named<'SuppressionLifted'>;
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

export const subscriberStream = (subscriberId: string): string => `subscriber:${subscriberId}`;
