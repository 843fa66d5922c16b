import { authModule } from '@kw/auth';
import { contactModule } from '@kw/contact';
import type { Projection, ServerModule, Subscription } from '@kw/platform';

/** Every business module, in one place: the API mounts them, the worker and the CLI replay them. */
export const modules: ServerModule[] = [authModule, contactModule];

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
