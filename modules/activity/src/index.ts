import type { ServerModule } from '@kw/platform';
import { activityProjection } from './projection.ts';
import { activityRoutes } from './routes.ts';

export { dailyActivity, recentActivity } from './queries.ts';

export const activityModule: ServerModule = {
  name: 'activity',
  routes: activityRoutes,
  projections: [activityProjection],
  subscriptions: [],
};
