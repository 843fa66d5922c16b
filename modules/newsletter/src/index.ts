import { contactEvents } from '@kw/contact/events';
import { defineSubscription, type ServerModule, type Subscription } from '@kw/platform';
import { CONFIRMATION_WINDOW_MS } from './contract.ts';
import { newsletterEvents } from './events.ts';
import { newsletterSubscribersProjection } from './projection.ts';
import { newsletterRoutes } from './routes.ts';

export { subscriberIdFor, suppressAddress, suppressionHash } from './commands.ts';
export { CONFIRM_PATH, confirmToken, confirmUrl } from './confirm-link.ts';
export {
  type NewsletterEvent,
  newsletterEvents,
  type SubscriberJoined,
  subscriberStream,
} from './events.ts';

import { newsletterPersonalData } from './personal-data.ts';
import { newsletterRestoreKeeper } from './restore.ts';

export { isSuppressed, newsletterAnalytics } from './queries.ts';
export { checkUnsubscribeToken, unsubscribeUrl } from './unsubscribe-link.ts';

export const ENRICH_SUBSCRIBER_QUEUE = 'newsletter.enrich';
export const CONFIRM_SUBSCRIPTION_QUEUE = 'newsletter.confirm';
export const WELCOME_SUBSCRIBER_QUEUE = 'newsletter.welcome';
export const EXPIRE_REQUEST_QUEUE = 'newsletter.expire';
export const CONTACT_SIGNUP_QUEUE = 'newsletter.contact-signup';

export const enrichSubscriberSubscription: Subscription = defineSubscription({
  queue: ENRICH_SUBSCRIBER_QUEUE,
  events: newsletterEvents,
  handles: ['SubscriberJoined', 'SubscriberResubscribed', 'SubscriptionRequested'],
});

/** The double opt-in's e-mail, once per request (and when a flagged one is cleared of spam). */
export const confirmSubscriptionSubscription: Subscription = defineSubscription({
  queue: CONFIRM_SUBSCRIPTION_QUEUE,
  events: newsletterEvents,
  handles: ['SubscriptionRequested', 'SubscriberUnmarkedSpam'],
});

/** The welcome, once confirmed (sign-ups from before double opt-in were welcomed at once). */
export const welcomeSubscriberSubscription: Subscription = defineSubscription({
  queue: WELCOME_SUBSCRIBER_QUEUE,
  events: newsletterEvents,
  handles: ['SubscriberJoined', 'SubscriberResubscribed', 'SubscriptionConfirmed'],
});

/** A request's expiry: its job starts when its 7 days are over. */
export const expireRequestSubscription: Subscription = defineSubscription({
  queue: EXPIRE_REQUEST_QUEUE,
  events: newsletterEvents,
  handles: ['SubscriptionRequested'],
  startAfter: (event) =>
    event.type === 'SubscriptionRequested'
      ? new Date(Date.parse(event.data.requestedAt) + CONFIRMATION_WINDOW_MS)
      : undefined,
});

/** A contact message with the newsletter tick asks for the same double opt-in. */
export const contactSignupSubscription: Subscription = defineSubscription({
  queue: CONTACT_SIGNUP_QUEUE,
  events: contactEvents,
  handles: ['ContactNewsletterRequested'],
});

export const newsletterModule: ServerModule = {
  name: 'newsletter',
  routes: newsletterRoutes,
  projections: [newsletterSubscribersProjection],
  subscriptions: [
    enrichSubscriberSubscription,
    confirmSubscriptionSubscription,
    welcomeSubscriberSubscription,
    expireRequestSubscription,
    contactSignupSubscription,
  ],
  migrations: new URL('./migrations/', import.meta.url),
  jobs: async () => (await import('./jobs.ts')).newsletterHandlers,
  personalData: newsletterPersonalData,
  keptAcrossRestore: newsletterRestoreKeeper,
};
