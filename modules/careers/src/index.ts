import type { ServerModule } from '@kw/platform';

export const careersModule: ServerModule = {
  name: 'careers',
  routes: [],
  projections: [],
  subscriptions: [],
};
