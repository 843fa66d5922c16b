import type { ServerModule } from '@kw/platform';
import { founderPhotoProjection } from './projection.ts';
import { siteRoutes } from './routes.ts';

// The site module's server side: the settings an administrator changes (Settings → Site). Its
// package's main entry (index.ts) stays the company's constant data, which the browser imports.

export { type SiteEvent, siteEvents } from './events.ts';
export { SITE_CONTENT } from './projection.ts';
export { founderPhoto } from './queries.ts';

export const siteModule: ServerModule = {
  name: 'site',
  routes: siteRoutes,
  projections: [founderPhotoProjection],
  subscriptions: [],
  migrations: new URL('./migrations/', import.meta.url),
};
