import type { ServerModule, Subscription } from '@kw/platform';
import { newsletterSubscribersProjection } from './projection.ts';
import { newsletterRoutes } from './routes.ts';

export { subscriberIdFor } from './commands.ts';
export {
  type NewsletterEvent,
  newsletterEvents,
  type SubscriberJoined,
  subscriberStream,
} from './events.ts';

import { newsletterPersonalData } from './personal-data.ts';

export { newsletterAnalytics } from './queries.ts';
export { checkUnsubscribeToken, unsubscribeUrl } from './unsubscribe-link.ts';

export const ENRICH_SUBSCRIBER_QUEUE = 'newsletter.enrich';
export const WELCOME_SUBSCRIBER_QUEUE = 'newsletter.welcome';

export const enrichSubscriberSubscription: Subscription = {
  queue: ENRICH_SUBSCRIBER_QUEUE,
  handles: ['SubscriberJoined', 'SubscriberResubscribed'],
};

export const welcomeSubscriberSubscription: Subscription = {
  queue: WELCOME_SUBSCRIBER_QUEUE,
  handles: ['SubscriberJoined', 'SubscriberResubscribed'],
};

export const newsletterModule: ServerModule = {
  name: 'newsletter',
  routes: newsletterRoutes,
  projections: [newsletterSubscribersProjection],
  subscriptions: [enrichSubscriberSubscription, welcomeSubscriberSubscription],
  jobs: async () => (await import('./jobs.ts')).newsletterHandlers,
  personalData: newsletterPersonalData,
};
