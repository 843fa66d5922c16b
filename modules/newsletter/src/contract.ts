import { z } from 'zod';

// The newsletter signup contract, used by the footer form and again by the API.

export const NEWSLETTER_HONEYPOT_MESSAGE = 'Please try again.';

const campaignField = z.string().trim().max(200, 'Must be at most 200 characters').optional();

export const newsletterSignupSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Invalid email address'))
    .pipe(z.string().max(254, 'Invalid email address')),
  /** Hidden field: people leave it empty, bots fill it. */
  name: z.string().max(200).optional().default(''),
  /** Where the form was: 'footer' and so on; 'website' when absent. */
  source: z.string().trim().max(50).optional(),
  /** The path of the page the form was on (the consent record's page); the referrer's otherwise. */
  page: z
    .string()
    .trim()
    .max(500, 'page must be at most 500 characters')
    .regex(/^\/[^\s]*$/, 'page must be a path starting with /')
    .optional(),
  utmSource: campaignField,
  utmMedium: campaignField,
  utmCampaign: campaignField,
});

export type NewsletterSignupInput = z.input<typeof newsletterSignupSchema>;

export function isNewsletterHoneypotFilled(value: { name?: string | undefined }): boolean {
  return (value.name ?? '').trim() !== '';
}

/**
 * What the API accepts: the same fields, and the honeypot must be empty. A form may also send
 * `startedAt` (epoch ms when it was shown): a sign-up faster than a person could type is flagged.
 */
export const newsletterSignupRequestSchema = newsletterSignupSchema
  .extend({ startedAt: z.number().int().nonnegative().optional() })
  .refine((value) => !isNewsletterHoneypotFilled(value), {
    message: NEWSLETTER_HONEYPOT_MESSAGE,
    path: ['name'],
  });

/** The answer to a sign-up: the subscription waits for the e-mail's confirmation. */
export const SUBSCRIBE_SUCCESS_MESSAGE = 'Check your inbox to confirm your subscription.';
/** What the confirmation page says once Confirm is pressed (the spec's success message). */
export const SUBSCRIBE_CONFIRMED_MESSAGE = "You've been subscribed to our newsletter.";

/** How long a confirmation link works, and a pending sign-up waits for it. */
export const CONFIRMATION_DAYS = 7;
export const CONFIRMATION_WINDOW_MS = CONFIRMATION_DAYS * 86_400_000;

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'unsubscribed'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * The proof of consent as the back office shows and exports it: the double opt-in's request
 * and confirmation, or for a sign-up from before double opt-in only the sign-up.
 */
export interface ConsentRecordView {
  method: 'confirm-button' | 'single-opt-in';
  source: string;
  requestedAt: string;
  requestIp: string;
  page: string | null;
  wording: string | null;
  confirmedAt: string | null;
  confirmIp: string | null;
  confirmUserAgent: string | null;
}

export const CONSENT_METHOD_LABELS: Record<ConsentRecordView['method'], string> = {
  'confirm-button':
    'Double opt-in: pressed Confirm on the page linked from the confirmation e-mail',
  'single-opt-in': 'Signed up before double opt-in: no confirmation on record',
};
export const DEFAULT_SOURCE = 'website';

/** A newsletter subscription as the back office reads it (admin.md §3). */
export interface NewsletterSubscription {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** Confirmed and not unsubscribed: the only subscriptions that count or get mail. */
  subscribed: boolean;
  /** pending: waiting for the e-mail's confirmation (expired once `expiresAt` is past). */
  status: SubscriptionStatus;
  isSpam: boolean;
  spamReason: string | null;
  source: string;
  deviceType: 'mobile' | 'desktop' | 'tablet' | 'unknown' | null;
  country: string | null;
  city: string | null;
  ipAddress: string | null;
  browserInfo: { name: string | null; version: string | null; os: string | null };
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referer: string | null;
  createdAt: string;
  unsubscribedAt: string | null;
  /** The pending request's time, and when its link stops working. */
  requestedAt: string | null;
  expiresAt: string | null;
  confirmedAt: string | null;
  /** The proof of consent of the active (or last active) subscription. */
  consent: ConsentRecordView | null;
  /** The signed one-click link to give the subscriber. */
  unsubscribeUrl: string;
}

export interface NewsletterAnalytics {
  /** Every confirmed subscription, active or unsubscribed since (pending ones are not counted). */
  totalSubscriptions: number;
  activeSubscriptions: number;
  /** Sign-ups waiting for their confirmation (within their 7 days). */
  pendingSubscriptions: number;
  spamCount: number;
  /** Confirmed since midnight in Kitchener-Waterloo (America/Toronto). */
  recentSignups: number;
  /** Since Monday 00:00 there. */
  weeklySignups: number;
  /** Since the 1st of the month there. */
  monthlySignups: number;
}

export const markSpamRequestSchema = z.object({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(500, 'Reason must be at most 500 characters'),
});

/**
 * POST /api/newsletter/bulk (with `ids`): one action on several subscriptions, each its own
 * command, all or nothing.
 */
export const newsletterBulkActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('markSpam'), reason: markSpamRequestSchema.shape.reason }),
    z.object({ action: z.literal('unmarkSpam') }),
    z.object({ action: z.literal('delete') }),
  ],
  { error: 'Action must be one of markSpam, unmarkSpam, delete' },
);
export type NewsletterBulkAction = z.infer<typeof newsletterBulkActionSchema>;

export const newsletterListQuerySchema = z.object({
  includeUnsubscribed: z
    .enum(['true', 'false'], { error: 'includeUnsubscribed must be true or false' })
    .optional()
    .default('false')
    .transform((value) => value === 'true'),
});

export const NEWSLETTER_EXPORT_DEFAULT_NAME = 'newsletter_export.csv';
