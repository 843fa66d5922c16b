import { z } from 'zod';

// What the browser tracker sends to POST /api/analytics/events. No server imports here.

const text = (max: number) => z.string().trim().max(max).optional().default('');
const path = z
  .string()
  .trim()
  .min(1, 'Path is required')
  .max(2048)
  .startsWith('/', 'Path must start with /');

export const pageViewSchema = z.object({
  kind: z.literal('page_view'),
  path,
  referrer: text(2048),
  utmSource: text(200),
  utmMedium: text(200),
  utmCampaign: text(200),
});

export const trackedEventSchema = z.object({
  kind: z.literal('event'),
  category: z.string().trim().min(1, 'Category is required').max(100),
  action: z.string().trim().min(1, 'Action is required').max(100),
  label: text(200),
  value: z.number().finite().optional(),
  path,
});

export const analyticsEventRequestSchema = z.discriminatedUnion('kind', [
  pageViewSchema,
  trackedEventSchema,
]);

export type AnalyticsEventRequest = z.input<typeof analyticsEventRequestSchema>;
export type PageViewRequest = z.input<typeof pageViewSchema>;
export type TrackedEventRequest = z.input<typeof trackedEventSchema>;

/** The named events of the public site (public-site.md §7). */
export const ANALYTICS_EVENTS = {
  contactSubmit: { category: 'engagement', action: 'contact_form_submit' },
  serviceInterest: { category: 'engagement', action: 'service_interest' },
  contactError: { category: 'error', action: 'contact_form_error' },
  newsletterError: { category: 'error', action: 'newsletter_signup_error' },
} as const;

/** The tracking exclusions live with the site data, free of zod, for the browser's first load. */
export { isTrackable } from '@kw/site';
