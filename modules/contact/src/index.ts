import type { ServerModule, Subscription } from '@kw/platform';
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
  findContactSubmission,
  listContactSubmissions,
} from './queries.ts';

export const ENRICH_CONTACT_QUEUE = 'contact.enrich';

export const enrichContactSubscription: Subscription = {
  queue: ENRICH_CONTACT_QUEUE,
  handles: ['ContactReceived'],
};

export const NOTIFY_ADMIN_QUEUE = 'contact.notify-admin';

export const notifyAdminSubscription: Subscription = {
  queue: NOTIFY_ADMIN_QUEUE,
  handles: ['ContactReceived'],
};

export const contactModule: ServerModule = {
  name: 'contact',
  routes: contactRoutes,
  projections: [contactSubmissionsProjection],
  subscriptions: [enrichContactSubscription, notifyAdminSubscription],
  jobs: async () => (await import('./jobs.ts')).contactHandlers,
};
