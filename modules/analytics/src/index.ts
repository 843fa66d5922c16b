import type { ServerModule } from '@kw/platform';
import { analyticsRoutes } from './routes.ts';

export {
  type AnalyticsEvent,
  type AnalyticsEventRecorded,
  analyticsEvents,
  analyticsStream,
  type PageViewed,
} from './events.ts';

/**
 * First-party, cookieless page views and named events, stored as events only: the dashboard's
 * daily counts are activity's projection of them.
 */
export const analyticsModule: ServerModule = {
  name: 'analytics',
  routes: analyticsRoutes,
  projections: [],
  subscriptions: [],
};
