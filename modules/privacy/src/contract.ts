import { z } from 'zod';

// The privacy screen's requests and answers, shared with the browser.

export const INVALID_EMAIL_MESSAGE = 'Enter a valid e-mail address';

const email = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .max(320, INVALID_EMAIL_MESSAGE)
  .pipe(z.email(INVALID_EMAIL_MESSAGE));

export const privacyEmailQuerySchema = z.object({ email });

export const CONFIRM_MISMATCH_MESSAGE = 'Type the same address again to confirm the erasure';

export const eraseRequestSchema = z
  .object({ email, confirmEmail: z.string({ error: CONFIRM_MISMATCH_MESSAGE }) })
  .refine((b) => b.confirmEmail.trim().toLowerCase() === b.email.toLowerCase(), {
    path: ['confirmEmail'],
    message: CONFIRM_MISMATCH_MESSAGE,
  });

export interface PrivacyRecord {
  module: string;
  kind: string;
  id: string;
  summary: string;
  createdAt: string;
  lastChangedAt: string;
  files: string[];
}

export interface PrivacySearchResult {
  email: string;
  nothingHeld: boolean;
  message: string;
  records: PrivacyRecord[];
  mails: { name: string; subject: string; date: string }[];
  /** The event log's copy of their fields can still be read (their key exists). */
  keyHeld: boolean;
}

export interface ErasureResult {
  erasureId: string;
  status: 'done' | 'pending';
  records: number;
  files: number;
  message: string;
}

export const RETENTION_KIND_NAMES = [
  'applications',
  'contact-submissions',
  'spam',
  'unsubscribed',
] as const;

export const retentionUpdateSchema = z.object({
  periods: z
    .object(
      Object.fromEntries(
        RETENTION_KIND_NAMES.map((k) => [
          k,
          z
            .number({ error: 'A number of days' })
            .int('A whole number of days')
            .min(0, 'Zero days or more')
            .max(3650, 'At most ten years (3650 days)')
            .optional(),
        ]),
      ) as Record<(typeof RETENTION_KIND_NAMES)[number], z.ZodOptional<z.ZodNumber>>,
    )
    .strict(),
});

export interface RetentionSettings {
  periods: { kind: string; label: string; days: number; defaultDays: number }[];
  lastRun: { ranAt: string; erased: number } | null;
}
