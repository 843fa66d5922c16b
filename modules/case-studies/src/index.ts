import type { ServerModule } from '@kw/platform';

export const caseStudiesModule: ServerModule = {
  name: 'case-studies',
  routes: [],
  projections: [],
  subscriptions: [],
};
