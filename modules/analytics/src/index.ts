import type { ServerModule } from '@kw/platform';

export const analyticsModule: ServerModule = {
  name: 'analytics',
  routes: [],
  projections: [],
  subscriptions: [],
};
