import type { ServerModule } from '@kw/platform';

export const newsletterModule: ServerModule = {
  name: 'newsletter',
  routes: [],
  projections: [],
  subscriptions: [],
};
