import type { Visitor } from '@kw/platform/http';
import type { z } from 'zod';
import type { analyticsEventRequestSchema } from './contract.ts';
import type { AnalyticsEvent } from './events.ts';

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
