import { activityModule } from '@kw/activity';
import { analyticsModule } from '@kw/analytics';
import { authModule } from '@kw/auth';
import { blogModule } from '@kw/blog';
import { careersModule } from '@kw/careers';
import { caseStudiesModule } from '@kw/case-studies';
import { contactModule } from '@kw/contact';
import { mediaModule } from '@kw/media';
import { newsletterModule } from '@kw/newsletter';
import type { Projection, ServerModule, Subscription } from '@kw/platform';

/** Every business module, in one place: the API mounts them, the worker and the CLI replay them. */
export const modules: ServerModule[] = [
  authModule,
  contactModule,
  newsletterModule,
  analyticsModule,
  blogModule,
  caseStudiesModule,
  mediaModule,
  careersModule,
  activityModule,
];

export const projections: Projection[] = modules.flatMap((m) => m.projections);
export const subscriptions: Subscription[] = modules.flatMap((m) => m.subscriptions);
export const routes = modules.flatMap((m) => m.routes);

/** Every worker queue: the subscriptions and the async projections. */
export function queueNames(): string[] {
  return [
    ...subscriptions.map((s) => s.queue),
    ...projections.filter((p) => p.mode === 'async').map((p) => `projection.${p.name}`),
  ];
}
