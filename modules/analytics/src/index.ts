import type { ServerModule } from '@kw/platform';
import { analyticsRoutes } from './routes.ts';

export type { AnalyticsEvent, AnalyticsEventRecorded, PageViewed } from './events.ts';
export { analyticsStream } from './events.ts';

/** First-party, cookieless page views and named events, stored as events only. */
export const analyticsModule: ServerModule = {
  name: 'analytics',
  routes: analyticsRoutes,
  projections: [],
  subscriptions: [],
};
