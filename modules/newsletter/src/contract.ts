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
  utmSource: campaignField,
  utmMedium: campaignField,
  utmCampaign: campaignField,
});

export type NewsletterSignupInput = z.input<typeof newsletterSignupSchema>;

export function isNewsletterHoneypotFilled(value: { name?: string | undefined }): boolean {
  return (value.name ?? '').trim() !== '';
}

/** What the API accepts: the same fields, and the honeypot must be empty. */
export const newsletterSignupRequestSchema = newsletterSignupSchema.refine(
  (value) => !isNewsletterHoneypotFilled(value),
  { message: NEWSLETTER_HONEYPOT_MESSAGE, path: ['name'] },
);
