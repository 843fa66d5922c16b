import type { ServerModule } from '@kw/platform';

export const mediaModule: ServerModule = {
  name: 'media',
  routes: [],
  projections: [],
  subscriptions: [],
};
