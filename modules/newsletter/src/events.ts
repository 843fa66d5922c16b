import type { VisitorInsight } from '@kw/platform/visitor-insight';

export interface SubscriberJoined {
  type: 'SubscriberJoined';
  data: {
    subscriberId: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    source: string;
    ipAddress: string;
    userAgent: string;
    referer: string;
    utmSource: string | null;
    utmMedium: string | null;
    utmCampaign: string | null;
  };
}

/** An address that had unsubscribed signed up again. */
export interface SubscriberResubscribed {
  type: 'SubscriberResubscribed';
  data: SubscriberJoined['data'];
}

export interface SubscriberEnriched {
  type: 'SubscriberEnriched';
  data: { subscriberId: string } & VisitorInsight;
}

export interface SubscriberMarkedSpam {
  type: 'SubscriberMarkedSpam';
  data: { subscriberId: string; reason: string; automatic: boolean };
}

export interface SubscriberUnmarkedSpam {
  type: 'SubscriberUnmarkedSpam';
  data: { subscriberId: string };
}

export interface SubscriberUnsubscribed {
  type: 'SubscriberUnsubscribed';
  data: { subscriberId: string; via: 'link' | 'one-click' };
}

/** The read model forgets the address; the log keeps that it happened. */
export interface SubscriberDeleted {
  type: 'SubscriberDeleted';
  data: { subscriberId: string };
}

/** The welcome e-mail (with its unsubscribe link) went out: never twice per sign-up. */
export interface SubscriberWelcomed {
  type: 'SubscriberWelcomed';
  data: { subscriberId: string };
}

export type NewsletterEvent =
  | SubscriberJoined
  | SubscriberResubscribed
  | SubscriberEnriched
  | SubscriberMarkedSpam
  | SubscriberUnmarkedSpam
  | SubscriberUnsubscribed
  | SubscriberDeleted
  | SubscriberWelcomed;

export const subscriberStream = (subscriberId: string): string => `subscriber:${subscriberId}`;
