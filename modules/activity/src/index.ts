import type { ServerModule } from '@kw/platform';

export const activityModule: ServerModule = {
  name: 'activity',
  routes: [],
  projections: [],
  subscriptions: [],
};
