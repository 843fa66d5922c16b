import { randomUUID } from 'node:crypto';
import { commandHandler, type EventMetadata, type EventStore } from '@kw/platform';
import type { Visitor } from '@kw/platform/http';
import type { z } from 'zod';
import type { analyticsEventRequestSchema } from './contract.ts';
import { type AnalyticsEvent, analyticsEvents, analyticsStream } from './events.ts';

type Hit = z.output<typeof analyticsEventRequestSchema>;

/** What a tracker hit records. Admin paths are never recorded, even if a client sends them. */
export function recordHit(hit: Hit, visitor: Visitor): AnalyticsEvent[] {
  if (hit.path === '/admin' || hit.path.startsWith('/admin/')) return [];
  if (hit.kind === 'page_view') {
    return [
      {
        type: 'PageViewed',
        data: {
          path: hit.path,
          referrer: hit.referrer,
          utmSource: hit.utmSource,
          utmMedium: hit.utmMedium,
          utmCampaign: hit.utmCampaign,
          userAgent: visitor.userAgent,
          ipAddress: visitor.ip,
        },
      },
    ];
  }
  return [
    {
      type: 'AnalyticsEventRecorded',
      data: {
        category: hit.category,
        action: hit.action,
        label: hit.label,
        value: hit.value ?? null,
        path: hit.path,
      },
    },
  ];
}

// A hit is a stream of its own that nothing reads back: no state to fold.
export const analyticsDecider = {
  events: analyticsEvents,
  initialState: () => null,
  evolve: () => null,
};
export const handleAnalytics = commandHandler(analyticsDecider);

/** Records a tracker hit in a new stream (`analytics:<random id>`), or nothing for an admin path. */
export function recordTrackerHit(
  store: EventStore,
  hit: Hit,
  visitor: Visitor,
  metadata: EventMetadata,
) {
  return handleAnalytics(store, analyticsStream(randomUUID()), () => recordHit(hit, visitor), {
    metadata,
    newStream: true,
  });
}
