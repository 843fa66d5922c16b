import { defineSubscription, type ServerModule, type Subscription } from '@kw/platform';
import { contactEvents } from './events.ts';
import { contactSubmissionsProjection } from './projection.ts';
import { contactRoutes } from './routes.ts';

export {
  type ContactEvent,
  type ContactReceived,
  contactEvents,
  contactStream,
} from './events.ts';
export {
  contactAnalytics,
  countHeldSubmissions,
  findContactSubmission,
  listContactSubmissions,
} from './queries.ts';

import { contactPersonalData } from './personal-data.ts';

export const ENRICH_CONTACT_QUEUE = 'contact.enrich';

export const enrichContactSubscription: Subscription = defineSubscription({
  queue: ENRICH_CONTACT_QUEUE,
  events: contactEvents,
  handles: ['ContactReceived'],
});

/** The owner's notice of a submission: on arrival, and again when a held one is released. */
export const NOTIFY_ADMIN_QUEUE = 'contact.notify-admin';

/**
 * How long the notice's job waits after its message: it only joins a round that waits 2 s
 * anyway, and meanwhile the message's enrichment has the worker to itself (the list shows it).
 */
export const NOTICE_JOB_DELAY_MS = 150;

export const notifyAdminSubscription: Subscription = defineSubscription({
  queue: NOTIFY_ADMIN_QUEUE,
  events: contactEvents,
  handles: ['ContactReceived', 'ContactReleased'],
  delayMs: NOTICE_JOB_DELAY_MS,
});

/** A notices window's digest: its job starts when the digest is due. */
export const NOTIFY_DIGEST_QUEUE = 'contact.notify-digest';

export const notifyDigestSubscription: Subscription = defineSubscription({
  queue: NOTIFY_DIGEST_QUEUE,
  events: contactEvents,
  handles: ['ContactDigestScheduled'],
  startAfter: (event) =>
    event.type === 'ContactDigestScheduled' ? new Date(event.data.dueAt) : undefined,
});

export const contactModule: ServerModule = {
  name: 'contact',
  routes: contactRoutes,
  projections: [contactSubmissionsProjection],
  subscriptions: [enrichContactSubscription, notifyAdminSubscription, notifyDigestSubscription],
  jobs: async () => (await import('./jobs.ts')).contactHandlers,
  personalData: contactPersonalData,
};
