import { noContent, type RouteDef, route } from '@kw/platform/http';
import { recordTrackerHit } from './commands.ts';
import { analyticsEventRequestSchema } from './contract.ts';

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
      await recordTrackerHit(services.store, body, visitor, metadata);
      return noContent();
    },
  }),
];
