import {
  type NamedPersonalDataSource,
  type Projection,
  projectionQueue,
  type RestoreKeeper,
  type ServerModule,
  type Subscription,
} from '@kw/platform';
import type { RouteDef } from '@kw/platform/http';

/**
 * Every business module, one line each, in the order the API mounts their routes and lists
 * their pages in sitemap.xml. The API, the worker and the command line all derive what they
 * run from this list: adding a module is one line here (see the README, "Adding a module").
 * A module's package need not be declared in this package's package.json: this list is the
 * declaration (npm links every folder under modules/ as a workspace).
 */
export const modules: ServerModule[] = [
  (await import('@kw/auth')).authModule,
  (await import('@kw/contact')).contactModule,
  (await import('@kw/newsletter')).newsletterModule,
  (await import('@kw/analytics')).analyticsModule,
  (await import('@kw/blog')).blogModule,
  (await import('@kw/case-studies')).caseStudiesModule,
  (await import('@kw/media')).mediaModule,
  (await import('@kw/careers')).careersModule,
  (await import('@kw/activity')).activityModule,
  (await import('@kw/privacy')).privacyModule,
  // The site's constant data is its package's main entry (the browser's); its server side is here.
  (await import('@kw/site/server')).siteModule,
];

export const projections: Projection[] = modules.flatMap((m) => m.projections);
export const subscriptions: Subscription[] = modules.flatMap((m) => m.subscriptions);
export const routes: RouteDef[] = modules.flatMap((m) => m.routes);

/** Projections the worker applies, each from a queue of its own. */
export const asyncProjections: Projection[] = projections.filter((p) => p.mode === 'async');

/** What each module holds about a person (the privacy module's search, export and erasure). */
export const personalDataSources: NamedPersonalDataSource[] = modules.flatMap((m) =>
  m.personalData ? [{ module: m.name, source: m.personalData }] : [],
);

/** What `make restore` must not undo, module by module (erasures, unsubscribes). */
export const restoreKeepers: RestoreKeeper[] = modules.flatMap((m) =>
  m.keptAcrossRestore ? [m.keptAcrossRestore] : [],
);

/** Jobs the worker runs on a clock (pg-boss schedule). */
export const schedules = modules.flatMap((m) => m.schedules ?? []);

/** Every worker queue: the subscriptions, the async projections and the schedules. */
export function queueNames(): string[] {
  return [
    ...subscriptions.map((s) => s.queue),
    ...asyncProjections.map(projectionQueue),
    ...schedules.map((s) => s.queue),
  ];
}
