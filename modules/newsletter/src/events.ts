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

export const newsletterEventSchemas = {
  SubscriberJoined: signup,
  /** An address that had unsubscribed signed up again. */
  SubscriberResubscribed: signup,
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
    via: z.enum(['link', 'one-click']),
  }),
  /** The read model forgets the address; the log keeps that it happened. */
  SubscriberDeleted: z.object({ subscriberId: z.string() }),
  /** The welcome e-mail (with its unsubscribe link) went out: never twice per sign-up. */
  SubscriberWelcomed: z.object({ subscriberId: z.string() }),
};

const signupFields = ['email', 'firstName', 'lastName', 'ipAddress', 'userAgent', 'referer'];

/**
 * What identifies or describes the person, stored sealed under their key (crypto-shredding,
 * see platform's personal-data): erasing them leaves `[erased]` in these fields.
 */
export const newsletterEvents = defineEvents(newsletterEventSchemas, {
  personal: {
    SubscriberJoined: { subject: 'email', fields: signupFields },
    SubscriberResubscribed: { subject: 'email', fields: signupFields },
    SubscriberEnriched: { subject: 'stream', fields: ['country', 'city'] },
  },
});

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

export const subscriberStream = (subscriberId: string): string => `subscriber:${subscriberId}`;
