import { defineEvents, type EventOf, type StoredEventOf } from '@kw/platform';
import { z } from 'zod';

// The analytics module's events: what activity imports to count page views. Every shape ever
// stored must still parse; a field added later is optional.

export const analyticsEventSchemas = {
  /** A visitor opened a public page. The dashboard counts these. */
  PageViewed: z.object({
    path: z.string(),
    referrer: z.string(),
    utmSource: z.string(),
    utmMedium: z.string(),
    utmCampaign: z.string(),
    userAgent: z.string(),
    ipAddress: z.string(),
  }),
  /** A named interaction: a contact form sent, a service of interest, a form error. */
  AnalyticsEventRecorded: z.object({
    category: z.string(),
    action: z.string(),
    label: z.string(),
    value: z.number().nullable(),
    path: z.string(),
  }),
};

export const analyticsEvents = defineEvents(analyticsEventSchemas);

export type AnalyticsEvent = EventOf<typeof analyticsEventSchemas>;
export type StoredAnalyticsEvent = StoredEventOf<typeof analyticsEventSchemas>;

type Named<T extends AnalyticsEvent['type']> = Extract<AnalyticsEvent, { type: T }>;
export type PageViewed = Named<'PageViewed'>;
export type AnalyticsEventRecorded = Named<'AnalyticsEventRecorded'>;

/** One short stream per recorded hit: appends never contend with each other. */
export const analyticsStream = (id: string): string => `analytics:${id}`;
