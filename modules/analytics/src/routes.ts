import { randomUUID } from 'node:crypto';
import { noContent, type RouteDef, route } from '@kw/platform/http';
import { recordHit } from './commands.ts';
import { analyticsEventRequestSchema } from './contract.ts';
import { analyticsStream } from './events.ts';

export const ANALYTICS_RATE_LIMIT = {
  windowMs: 60_000,
  max: 120,
  message: 'Too many analytics events from your address.',
};

export const analyticsRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/analytics/events',
    access: 'public',
    body: analyticsEventRequestSchema,
    rateLimit: ANALYTICS_RATE_LIMIT,
    async handler({ body, services, metadata, visitor }) {
      const events = recordHit(body, visitor);
      if (events.length) {
        await services.store.append(analyticsStream(randomUUID()), 0, events, { metadata });
      }
      return noContent();
    },
  }),
];
