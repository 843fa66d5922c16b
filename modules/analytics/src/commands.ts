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
          ipAddress: networkOf(visitor.ip),
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

/**
 * A visitor's address as a page view keeps it: the network, not the machine (the last IPv4
 * octet zeroed; an IPv6 address cut to its first 48 bits), so that no hit identifies a person
 * (PIPEDA: a page view has no one to erase it for). Anything else is kept as unknown ('').
 */
export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.0`;
  if (!/^[\da-f:]+$/i.test(ip) || !ip.includes(':')) return '';
  const [head = '', tail] = ip.split('::');
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  const groups = [
    ...first,
    ...Array(Math.max(0, 8 - first.length - last.length)).fill('0'),
    ...last,
  ];
  return `${groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}::`;
}
