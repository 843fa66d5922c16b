import type { ServerModule } from '@kw/platform';

export const blogModule: ServerModule = {
  name: 'blog',
  routes: [],
  projections: [],
  subscriptions: [],
};
